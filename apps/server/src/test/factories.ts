import { randomBytes } from 'node:crypto';
import { AccountStatus, type Role } from '@vitrine/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { companies, users, workspaces } from '../db/schema';
import { hashPassword } from '../platform/passwords';

export const TEST_PASSWORD = 'Secret-pass1';
let passwordHash: Promise<string> | null = null;

const unique = () => randomBytes(4).toString('hex');

/** A company with its first workspace; each test makes its own, so tests never share state. */
export async function buildCompany(app: FastifyInstance, name = `Company ${unique()}`) {
  const [company] = await app.db.insert(companies).values({ name }).returning();
  const [workspace] = await app.db
    .insert(workspaces)
    .values({ companyId: company.id, name: 'Main' })
    .returning();
  return { company, workspace };
}

type UserOptions = {
  role?: Role;
  status?: number;
  email?: string;
  companyId?: number | null;
  workspaceId?: number | null;
  language?: string;
};

/** A user that can log in with TEST_PASSWORD; a tenant role gets its own company unless given one. */
export async function buildUser(app: FastifyInstance, options: UserOptions = {}) {
  const role = options.role ?? 6;
  let { companyId, workspaceId } = options;
  const tenantRole = role === 3 || role === 4 || role === 6;
  if (tenantRole && companyId === undefined) {
    const { company, workspace } = await buildCompany(app);
    companyId = company.id;
    workspaceId = workspace.id;
  }
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await app.db
    .insert(users)
    .values({
      email: options.email ?? `user-${unique()}@example.com`,
      username: `User ${unique()}`,
      passwordHash: await passwordHash,
      roleId: role,
      status: options.status ?? AccountStatus.active,
      companyId: companyId ?? null,
      workspaceId: workspaceId ?? null,
      activeWorkspaceId: workspaceId ?? null,
      language: options.language ?? 'en',
    })
    .returning();
  return user;
}

/** Logs a user in through the real call and returns the token. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/backend/account/login',
    payload: { email, password, accept_terms: true },
  });
  const body = response.json();
  if (body.code !== 220000) throw new Error(`login failed: ${response.body}`);
  return body.data.token;
}

/**
 * An inject bound to a token: call(app, token)({ method, url, payload }). It answers once what the
 * route does after its answer (a job it runs early: an approval's publication) has ended too, so
 * the test goes on with the call's whole effect.
 */
export function as(app: FastifyInstance, token: string) {
  return async (options: InjectOptions) => {
    const response = await app.inject({
      ...options,
      headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) },
    });
    await app.jobs.settled();
    return response;
  };
}

/** A user already logged in: the row, its token, and an inject that sends the token. */
export async function loggedIn(app: FastifyInstance, options: UserOptions = {}) {
  const user = await buildUser(app, options);
  const token = await loginAs(app, user.email);
  return { user, token, call: as(app, token) };
}
