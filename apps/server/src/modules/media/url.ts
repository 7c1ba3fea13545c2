// Stored files are served by hash (GET /backend/media/:hash, media-routes.ts).
export const mediaUrl = (hash: string | null) => (hash === null ? null : `/backend/media/${hash}`);
