import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashFile } from './hash';
import { fileOf } from './testing';

describe('hashFile', () => {
  it('gives the SHA-256 of the whole file, read slice by slice', async () => {
    const file = fileOf('clip.mp4', 10 * 1024 + 7, 'frames');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const progress: number[] = [];
    const hash = await hashFile(file, (read) => progress.push(read), new AbortController().signal, 4096);
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(progress).toEqual([4096, 8192, 10 * 1024 + 7]);
  });

  it('hashes an empty file', async () => {
    const hash = await hashFile(new Blob([]), () => {}, new AbortController().signal);
    expect(hash).toBe(createHash('sha256').digest('hex'));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const reading = hashFile(fileOf('a.png', 9000), () => controller.abort(), controller.signal, 4096);
    await expect(reading).rejects.toThrow();
  });
});
