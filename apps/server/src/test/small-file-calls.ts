import fs from 'node:fs';
import path from 'node:path';
import { ResultCode } from '@vitrine/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { mediaDir } from '../modules/media/storage';
import { buildTenant, callAs } from './team-factories';

// The calls the font and sticker tests make: a whole file as the raw body of one POST.

export type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** `app()` answers the test file's application, built in its beforeAll. */
export function smallFileCalls(app: () => FastifyInstance, url: string) {
  /** A company with its owner, and an inject as that owner. */
  const tenant = async () => {
    const t = await buildTenant(app());
    return { ...t, call: await callAs(app(), t.owner) };
  };
  const upload = (call: Call, name: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    call({
      method: 'POST',
      url,
      query: { name },
      headers: { 'content-type': 'application/octet-stream', ...headers },
      payload: bytes,
    });
  /** Uploads and expects success; answers the item. */
  const uploaded = async (call: Call, name: string, bytes: Buffer, headers?: Record<string, string>) => {
    const response = await upload(call, name, bytes, headers);
    expect(response.json().code, response.body).toBe(ResultCode.success);
    return response.json().data;
  };
  /** Every stored file under media/, the half-written ones included. */
  const storedFiles = () => {
    const root = mediaDir(app().config.dataDir);
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
      fs.statSync(path.join(root, entry)).isFile(),
    );
  };
  return { tenant, upload, uploaded, storedFiles };
}
