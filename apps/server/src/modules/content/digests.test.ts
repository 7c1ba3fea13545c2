import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadDigests } from './digests';

const parts = Array.from({ length: 8 }, () => randomBytes(1000));
const whole = createHash('sha256').update(Buffer.concat(parts)).digest('hex');
// Each part goes to the worker, which takes its bytes: send a copy.
const copy = (bytes: Buffer) => new Uint8Array(bytes);

let digests: UploadDigests;
afterEach(() => digests.close());

describe('UploadDigests', () => {
  it('hashes parts that arrive out of order as the whole file', async () => {
    digests = new UploadDigests();
    digests.start('u');
    for (const index of [1, 0, 3, 2, 6, 5, 4, 7]) digests.wrote('u', index, copy(parts[index]));
    expect(await digests.take('u', parts.length)).toBe(whole);
    expect(await digests.take('u', parts.length)).toBeUndefined(); // forgotten once taken
  });

  it('has no digest while a part is missing', async () => {
    digests = new UploadDigests();
    digests.start('u');
    for (const index of [0, 1, 2, 4, 5, 6, 7]) digests.wrote('u', index, copy(parts[index]));
    expect(await digests.take('u', parts.length)).toBeUndefined();
  });

  it('drops the digest of a part written twice, whatever its bytes', async () => {
    digests = new UploadDigests();
    digests.start('u');
    digests.wrote('u', 0, copy(parts[0]));
    digests.wrote('u', 2, copy(parts[2]));
    digests.wrote('u', 2, copy(parts[2])); // held ahead, written again
    for (const index of [1, 3, 4, 5, 6, 7]) digests.wrote('u', index, copy(parts[index]));
    expect(await digests.take('u', parts.length)).toBeUndefined();

    digests.start('v');
    for (const index of [0, 1]) digests.wrote('v', index, copy(parts[index]));
    digests.wrote('v', 0, copy(randomBytes(1000))); // already hashed, written again
    for (const index of [2, 3, 4, 5, 6, 7]) digests.wrote('v', index, copy(parts[index]));
    expect(await digests.take('v', parts.length)).toBeUndefined();
  });

  it('follows only uploads it saw start (a restart or another instance: no digest)', async () => {
    digests = new UploadDigests();
    digests.start('other');
    for (const [index, part] of parts.entries()) digests.wrote('u', index, copy(part));
    expect(await digests.take('u', parts.length)).toBeUndefined();
  });

  it('gives up on an upload whose parts run too far ahead of a missing one', async () => {
    digests = new UploadDigests();
    digests.start('u');
    const many = Array.from({ length: 20 }, () => randomBytes(10));
    many.forEach((part, index) => {
      if (index > 0) digests.wrote('u', index, copy(part));
    });
    digests.wrote('u', 0, copy(many[0]));
    expect(await digests.take('u', many.length)).toBeUndefined();
  });

  it('starts over when an upload is started again', async () => {
    digests = new UploadDigests();
    digests.start('u');
    digests.wrote('u', 0, copy(randomBytes(1000)));
    digests.start('u'); // its parts were discarded
    for (const [index, part] of parts.entries()) digests.wrote('u', index, copy(part));
    expect(await digests.take('u', parts.length)).toBe(whole);
  });

  it('leaves a part that is a view into a larger buffer to the owner of that buffer', async () => {
    digests = new UploadDigests();
    digests.start('u');
    const pooled = Buffer.from(Buffer.concat(parts).toString('latin1'), 'latin1').subarray(0, 1000);
    digests.wrote('u', 0, pooled);
    expect(pooled.equals(parts[0])).toBe(true);
    expect(await digests.take('u', 1)).toBe(createHash('sha256').update(parts[0]).digest('hex'));
  });
});
