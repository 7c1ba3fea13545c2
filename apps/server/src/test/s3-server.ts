import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config';
import { afterFile } from './after-file';

/**
 * An S3-compatible server for one test file (s3rver, from npm: plain JavaScript, no binary to
 * download), on a free port of 127.0.0.1 with one empty bucket; stopped after the file's tests.
 * Answers the settings that reach it, objects under `prefix`.
 */
export async function startS3Server(prefix = 'vitrine'): Promise<S3Settings> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'vitrine-test', configs: [] }],
  });
  const address = await server.run();
  afterFile(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return {
    url: `s3://vitrine-test/${prefix}`,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    // s3rver's own fixed keys.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}
