import { afterAll } from 'vitest';
import { closeTestApps } from './app';

// After each file's own afterAll hooks (registered later, run earlier): the servers it built close,
// their databases are dropped and their DATA_DIRs removed.
afterAll(closeTestApps);
