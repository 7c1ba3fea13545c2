/** Stops the server and the mailbox that global-setup.ts started, and removes their data. */
export default async function globalTeardown() {
  await globalThis.vitrineE2E?.stop();
  globalThis.vitrineE2E = undefined;
}
