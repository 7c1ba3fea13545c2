import { afterAll } from 'vitest';
import { closeAfterFile } from './after-file';

// After each file's own afterAll hooks (registered later, run earlier): the servers and databases
// its helpers opened close, the databases are dropped and the DATA_DIRs removed.
afterAll(closeAfterFile);
