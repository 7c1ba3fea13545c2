/**
 * What a test helper opens for one file (a server, a database, an S3 or SMTP server) is closed
 * after the file, latest first, by src/test/setup.ts — after the file's own afterAll hooks. An
 * afterAll registered by the helper itself would be lost whenever it runs inside a beforeAll or a
 * test, as helpers mostly do: Vitest takes a file's hooks when it collects them.
 */
const cleanups: (() => Promise<void> | void)[] = [];

/** Runs `cleanup` after this file's tests. */
export function afterFile(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Runs what afterFile was given, latest first; src/test/setup.ts calls it. */
export async function closeAfterFile(): Promise<void> {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await cleanup();
}
