import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  type ContentItem,
  ContentType,
  ResultCode,
  type streamRequestSchema,
  type websiteRequestSchema,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contents } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { Caller, TenantScope } from '../../platform/tenancy';
import { approvalOfEdit, approvalOfNew } from './approval-rules';
import { activeWorkspace, defaultFolderId, visibleFolder } from './folders';
import { assertTypes, contentDetail, lockedItems } from './library';

// Websites and streams (POST/PATCH resource/website and resource/stream). Their links are
// addresses the server itself looks at, so it must never become a way into the operator's own
// network: every host is resolved and each of its addresses must be public unless the operator
// allowed the host (CONTENT_HOST_ALLOWLIST). A website is then fetched, connecting to the very
// address that was checked (a second lookup could answer otherwise) and following redirects by
// hand, each checked the same way, to see that it is a web page that lets itself be shown in a
// frame (spec 001 §4).

// Which addresses are public is ipaddr.js's reading of the IANA special-purpose registries
// (loopback, private, link-local, unique-local, CGNAT, benchmarking, documentation, multicast,
// reserved, unspecified…): only its plain "unicast" passes, and for IPv6 only inside 2000::/3,
// the one block allocated as global unicast.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 addresses an IPv6 address leads to, for the forms that carry one (null for the rest):
 * IPv4-mapped ::ffff:a.b.c.d and translated ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d (:: and
 * ::1 among them), NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::, and Teredo, which names its
 * server and, inverted, its client.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = address.toByteArray();
  const at = (offset: number, invert = 0) =>
    new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((byte) => byte ^ invert));
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64)) return [at(12)];
  if (range === '6to4') return [at(2)];
  if (range === 'teredo') return [at(4), at(12, 0xff)];
  if (bytes.slice(0, 12).every((byte) => byte === 0)) return [at(12)];
  return null;
}

/**
 * Whether an address is not on the public internet: any special-purpose range, decided for an
 * IPv6 address that carries an IPv4 one on the IPv4 one (the local-use NAT64 64:ff9b:1::/48 is
 * special-purpose as a whole).
 */
export function isPrivateAddress(address: string): boolean {
  if (net.isIP(address) === 0) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.some((v4) => v4.range() !== 'unicast');
  return !v6.match(GLOBAL_UNICAST) || v6.range() !== 'unicast';
}

/** A URL's host as the allow list names it: lower case, IPv6 without brackets. */
const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a link's host resolves to, once each is allowed: 400001 'content.unreachable'
 * when it resolves to none, 'content.privateAddress' when any is private and the host is not in
 * the allow list.
 */
export async function checkedAddresses(url: URL, allowList: readonly string[]): Promise<LookupAddress[]> {
  const host = hostOf(url);
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    throw new AppError(ResultCode.validation, 'content.unreachable');
  }
  if (addresses.length === 0) throw new AppError(ResultCode.validation, 'content.unreachable');
  if (!allowList.includes(host) && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new AppError(ResultCode.validation, 'content.privateAddress');
  }
  return addresses;
}

/** A stream: an http(s) address (the contract's schema) whose host passes the address rules. */
export async function checkStreamLink(link: string, allowList: readonly string[]) {
  await checkedAddresses(new URL(link), allowList);
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const WEB_PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);

type Head = { status: number; headers: http.IncomingHttpHeaders };

/** One GET to a checked address: the status and headers; the body is never read. */
function firstResponse(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<Head> {
  // Connects to the addresses checked above, whatever a lookup would answer now (all of them when
  // the socket tries each family in turn, Node's default). TLS still verifies the host name.
  const lookup = (
    _hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup,
        signal,
        headers: { 'user-agent': 'Vitrine (website check)', accept: 'text/html,application/xhtml+xml' },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
        response.destroy();
      },
    );
    request.on('error', reject);
  });
}

/** The media type of a Content-Type header, without its parameters. */
const mediaTypeOf = (value: string | undefined) => (value ?? '').split(';')[0].trim().toLowerCase();

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Whether a frame-ancestors source admits pages of this origin (the console's and the player's):
 * '*', a bare scheme, or a host source naming it ('https://signage.example.com', '*.example.com').
 */
function admits(source: string, origin: URL): boolean {
  if (source === '*' || source === origin.protocol) return true;
  const match = /^(?:([a-z][a-z0-9+.-]*:)\/\/)?(\*\.)?([a-z0-9.-]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  // A source without a scheme, or with http:, also admits https (CSP's upgrade rule).
  if (scheme && scheme !== origin.protocol && !(scheme === 'http:' && origin.protocol === 'https:'))
    return false;
  const hostMatches = wildcard ? origin.hostname.endsWith(`.${host}`) : origin.hostname === host;
  const originPort = origin.port || DEFAULT_PORTS[origin.protocol];
  const portMatches = port === '*' || (port ?? DEFAULT_PORTS[scheme ?? origin.protocol]) === originPort;
  return hostMatches && portMatches;
}

/**
 * Whether the response's headers let the console and the player (served from `origin`) show the
 * page in a frame: no X-Frame-Options DENY or SAMEORIGIN, and every CSP frame-ancestors directive
 * admits that origin.
 */
export function isFramable(headers: http.IncomingHttpHeaders, origin: URL): boolean {
  const frameOptions = String(headers['x-frame-options'] ?? '').toLowerCase();
  if (/\b(deny|sameorigin)\b/.test(frameOptions)) return false;
  // Repeated headers arrive joined with commas: each policy must allow it.
  const policies = String(headers['content-security-policy'] ?? '').split(',');
  for (const policy of policies) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().toLowerCase().split(/\s+/);
      if (name === 'frame-ancestors' && !sources.some((source) => admits(source, origin))) return false;
    }
  }
  return true;
}

/**
 * A website may be added when it answers with a web page that lets itself be framed: 400001 with
 * 'content.unreachable', 'content.privateAddress', 'content.notWebsite' or 'content.notFramable'.
 */
export async function checkWebsiteLink(
  link: string,
  { allowList, publicUrl, timeoutMs }: { allowList: readonly string[]; publicUrl: string; timeoutMs: number },
) {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(link);
  for (let hop = 0; ; hop++) {
    const addresses = await checkedAddresses(url, allowList);
    let answer: Head;
    try {
      answer = await firstResponse(url, addresses, signal);
    } catch {
      throw new AppError(ResultCode.validation, 'content.unreachable');
    }
    if (REDIRECTS.has(answer.status) && answer.headers.location) {
      if (hop === MAX_REDIRECTS) throw new AppError(ResultCode.validation, 'content.unreachable');
      try {
        url = new URL(answer.headers.location, url);
      } catch {
        throw new AppError(ResultCode.validation, 'content.unreachable');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new AppError(ResultCode.validation, 'content.notWebsite');
      }
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new AppError(ResultCode.validation, 'content.unreachable');
    }
    if (!WEB_PAGE_TYPES.has(mediaTypeOf(answer.headers['content-type']))) {
      throw new AppError(ResultCode.validation, 'content.notWebsite');
    }
    if (!isFramable(answer.headers, new URL(publicUrl)))
      throw new AppError(ResultCode.validation, 'content.notFramable');
    return;
  }
}

/** The folder new content goes to: the one named (in the caller's scope), else the active workspace's default. */
async function targetFolder(tx: Db, scope: TenantScope, folderId: number | undefined) {
  if (folderId !== undefined) return visibleFolder(tx, scope, folderId);
  const workspace = await activeWorkspace(tx, scope);
  return {
    id: await defaultFolderId(tx, workspace.companyId, workspace.id),
    companyId: workspace.companyId,
    workspaceId: workspace.id,
  };
}

type LinkColumns = Pick<typeof contents.$inferInsert, 'name' | 'link' | 'refreshSeconds' | 'zoom'>;

/** A new website or stream, once its link passed `check`. */
async function createLink(
  app: FastifyInstance,
  caller: Caller,
  type: ContentType,
  columns: LinkColumns,
  folderId: number | undefined,
  check: () => Promise<void>,
): Promise<ContentItem> {
  assertTypes(caller, [type]);
  // Where it would go is settled before the link is looked at: a folder the caller may not use
  // never makes the server fetch anything. The transaction checks again.
  if (folderId === undefined) await activeWorkspace(app.db, caller.scope);
  else await visibleFolder(app.db, caller.scope, folderId);
  await check();
  const id = await app.db.transaction(async (tx) => {
    const folder = await targetFolder(tx, caller.scope, folderId);
    const [row] = await tx
      .insert(contents)
      .values({
        ...columns,
        companyId: folder.companyId,
        workspaceId: folder.workspaceId,
        folderId: folder.id,
        type,
        state: 'ready',
        size: 0,
        uploaderId: caller.scope.user.userId,
        ...(await approvalOfNew(tx, caller, folder.companyId)),
      })
      .returning({ id: contents.id });
    return row.id;
  });
  return contentDetail(app.db, caller.scope, id);
}

/**
 * An edited website or stream: found, unused and its new folder (if any) allowed before its link
 * is checked, and all of it again in the transaction that saves it.
 */
async function editLink(
  app: FastifyInstance,
  caller: Caller,
  id: number,
  type: ContentType,
  columns: LinkColumns,
  folderId: number | undefined,
  check: () => Promise<void>,
): Promise<ContentItem> {
  const guard = async (tx: Db) => {
    const [row] = await lockedItems(tx, caller, [id], 'library');
    if (row.type !== type) throw notFound();
    await app.uses.content.assertUnused(tx, [id]);
    const folder = folderId === undefined ? undefined : await visibleFolder(tx, caller.scope, folderId);
    if (folder && folder.workspaceId !== row.workspaceId) {
      throw new AppError(ResultCode.validation, 'content.otherWorkspace');
    }
    return { folder, row };
  };
  // The check fetches the site: outside any transaction, and only for an edit that may be made.
  await app.db.transaction(guard);
  await check();
  await app.db.transaction(async (tx) => {
    const { folder, row } = await guard(tx);
    await tx
      .update(contents)
      .set({
        ...columns,
        ...(folder ? { folderId: folder.id } : {}),
        ...(await approvalOfEdit(tx, caller, row)),
        updatedAt: new Date(),
      })
      .where(eq(contents.id, id));
  });
  return contentDetail(app.db, caller.scope, id);
}

type WebsiteInput = z.output<typeof websiteRequestSchema>;
type StreamInput = z.output<typeof streamRequestSchema>;

const websiteColumns = (input: WebsiteInput): LinkColumns => ({
  name: input.name,
  link: input.link,
  refreshSeconds: input.refresh_seconds,
  zoom: input.zoom,
});

const websiteCheck = (app: FastifyInstance, link: string) => () =>
  checkWebsiteLink(link, {
    allowList: app.config.contentHostAllowList,
    publicUrl: app.config.publicUrl,
    timeoutMs: app.config.websiteTimeoutMs,
  });

const streamCheck = (app: FastifyInstance, link: string) => () =>
  checkStreamLink(link, app.config.contentHostAllowList);

/** POST resource/website. */
export const createWebsite = (app: FastifyInstance, caller: Caller, input: WebsiteInput) =>
  createLink(
    app,
    caller,
    ContentType.website,
    websiteColumns(input),
    input.folder_id,
    websiteCheck(app, input.link),
  );

/** PATCH resource/website/:id. */
export const editWebsite = (app: FastifyInstance, caller: Caller, id: number, input: WebsiteInput) =>
  editLink(
    app,
    caller,
    id,
    ContentType.website,
    websiteColumns(input),
    input.folder_id,
    websiteCheck(app, input.link),
  );

/** POST resource/stream. */
export const createStream = (app: FastifyInstance, caller: Caller, input: StreamInput) =>
  createLink(
    app,
    caller,
    ContentType.stream,
    { name: input.name, link: input.link },
    input.folder_id,
    streamCheck(app, input.link),
  );

/** PATCH resource/stream/:id. */
export const editStream = (app: FastifyInstance, caller: Caller, id: number, input: StreamInput) =>
  editLink(
    app,
    caller,
    id,
    ContentType.stream,
    { name: input.name, link: input.link },
    input.folder_id,
    streamCheck(app, input.link),
  );
