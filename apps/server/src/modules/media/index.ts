import fp from 'fastify-plugin';
import { registerMediaProcessing } from './media';
import { mediaRoutes } from './media-routes';
import { removeUnreferencedMedia } from './storage';

/** Media: the stored files by hash, served and processed (thumbnails, transcodes, pages, H5 packages), and the storage quota. */
export const mediaModule = fp(
  async (app) => {
    // A finished upload queues its processing.
    registerMediaProcessing(app);
    // A deleted owner's files go once nothing else keeps the same bytes.
    app.ownerFiles.removeWith((hashes) => removeUnreferencedMedia(app, hashes));
    await app.register(mediaRoutes, { prefix: '/backend' });
  },
  { name: 'media', dependencies: ['platform'] },
);

export { documentPages } from './document-pages';
export { readImageSize } from './image-size';
export { enqueueProcessing, officeConversionAvailable, processContent } from './media';
export { readTracks } from './media-info';
export { sendStored } from './media-routes';
export { assertSpace, storageInfo } from './quota';
export { acceptSmallFiles, bytesOf, nameOfFile, storeSmallFile, storeSmallFiles } from './small-file';
export { sniffKind, sniffMime } from './sniff';
export {
  drainPart,
  hashFile,
  lockHash,
  mediaKey,
  mediaPath,
  readHead,
  removeUnreferencedMedia,
  storeFile,
  tooLong,
  uploadKey,
  uploadPath,
  uploadsDir,
} from './storage';
export { mediaUrl } from './url';
