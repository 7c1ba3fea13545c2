import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadDigests } from './digests';

const PART = 1000;
const parts = Array.from({ length: 8 }, () => randomBytes(PART));
const whole = createHash('sha256').update(Buffer.concat(parts)).digest('hex');

let digests: UploadDigests;
let file: string;
beforeEach(() => {
  digests = new UploadDigests();
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-digests-')), 'upload.part');
  fs.writeFileSync(file, Buffer.alloc(PART * parts.length));
});
afterEach(async () => {
  await digests.close();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

/** Writes a part into the upload's file, as receivePart does, and tells the digests. */
function write(id: string, index: number, bytes = parts[index]) {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, bytes, 0, bytes.length, index * PART);
  fs.closeSync(fd);
  digests.wrote(id, index, { file, offset: index * PART, length: bytes.length });
}

describe('UploadDigests', () => {
  it('hashes parts written out of order as the whole file', async () => {
    digests.start('u');
    for (const index of [1, 0, 3, 2, 6, 5, 4, 7]) write('u', index);
    expect(await digests.take('u', parts.length)).toBe(whole);
    expect(await digests.take('u', parts.length)).toBeUndefined(); // forgotten once taken
  });

  it('has no digest while a part is missing', async () => {
    digests.start('u');
    for (const index of [0, 1, 2, 4, 5, 6, 7]) write('u', index);
    expect(await digests.take('u', parts.length)).toBeUndefined();
  });

  it('drops the digest of a part written twice, hashed already or not', async () => {
    digests.start('u');
    for (const index of [0, 2, 2, 1, 3, 4, 5, 6, 7]) write('u', index); // 2 waited, written again
    expect(await digests.take('u', parts.length)).toBeUndefined();

    digests.start('v');
    for (const index of [0, 1]) write('v', index);
    write('v', 0, randomBytes(PART)); // hashed already, now other bytes in the file
    for (const index of [2, 3, 4, 5, 6, 7]) write('v', index);
    expect(await digests.take('v', parts.length)).toBeUndefined();
  });

  it('follows only uploads it saw start (a restart or another instance: no digest)', async () => {
    digests.start('other');
    for (const index of parts.keys()) write('u', index);
    expect(await digests.take('u', parts.length)).toBeUndefined();
  });

  it('gives up on an upload whose parts run too far ahead of a missing one', async () => {
    const many = 80;
    fs.writeFileSync(file, Buffer.alloc(10 * many));
    digests.start('u');
    for (let index = 1; index < many; index++)
      digests.wrote('u', index, { file, offset: 10 * index, length: 10 });
    digests.wrote('u', 0, { file, offset: 0, length: 10 });
    expect(await digests.take('u', many)).toBeUndefined();
  });

  it('starts over when an upload is started again', async () => {
    digests.start('u');
    write('u', 0, randomBytes(PART));
    digests.start('u'); // its parts were discarded
    for (const index of parts.keys()) write('u', index);
    expect(await digests.take('u', parts.length)).toBe(whole);
  });

  it('has no digest when the file went away under it', async () => {
    digests.start('u');
    write('u', 1);
    fs.rmSync(file);
    digests.wrote('u', 0, { file, offset: 0, length: PART });
    expect(await digests.take('u', 2)).toBeUndefined();
  });
});
