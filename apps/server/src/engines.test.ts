import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm ci` warns EBADENGINE for every locked package that will not run on the Node the README
// promises: none may, or the promise is false.
const read = (file: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));

describe('engines', () => {
  it('every locked package runs on the oldest Node the project supports', () => {
    const oldest = semver.minVersion(read('package.json').engines.node)?.version as string;
    expect(oldest).toBe('20.19.0');
    const lock = read('package-lock.json') as {
      packages: Record<
        string,
        { version?: string; engines?: { node?: string } | string[]; optional?: boolean }
      >;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(
        ([where, entry]) => `${where}@${entry.version} (node ${(entry.engines as { node: string }).node})`,
      );
    expect(refusing).toEqual([]);
  });
});
