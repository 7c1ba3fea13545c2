import fp from 'fastify-plugin';
import { uploads } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { UploadDigests } from './digests';
import { PartCommits } from './part-commits';
import { sweepExpiredUploads } from './upload';
import { uploadRoutes } from './upload-routes';
import { UploadRows } from './upload-rows';

declare module 'fastify' {
  interface FastifyInstance {
    /** Running hashes of the uploads whose parts reach this instance. */
    uploadDigests: UploadDigests;
    /** Parts of uploads made durable and recorded in groups. */
    partCommits: PartCommits;
    /** The rows of the uploads whose parts reach this instance, for a moment. */
    uploadRows: UploadRows;
  }
}

/** How often expired uploads are swept (by one of the instances that run jobs). */
const SWEEP_MS = 60 * 60 * 1000;

/** Uploads: resumable chunked uploads into the library, hashed as their parts arrive; the storage info. */
export const uploadModule = fp(
  async (app) => {
    app.decorate('uploadDigests', new UploadDigests());
    app.decorate('partCommits', new PartCommits(app.db, app.storage));
    app.decorate('uploadRows', new UploadRows());
    app.addHook('onClose', () => app.uploadDigests.close());
    // An unfinished upload holds its workspace like the content it will be.
    app.workspaceBlockers.register('content', 'upload', holdsRows(uploads, uploads.workspaceId));
    app.jobs.every('upload-sweep', SWEEP_MS, () => sweepExpiredUploads(app));
    await app.register(uploadRoutes, { prefix: '/backend/manager' });
  },
  { name: 'upload', dependencies: ['content', 'media'] },
);

// What areas whose files come through the chunked upload use (modules/ota: packages).
export { claimUpload, dropUpload, startUpload, useVerifiedUpload } from './upload';
export { partRoute } from './upload-routes';
