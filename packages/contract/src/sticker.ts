import { z } from 'zod';
import { fileNameSchema } from './content';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { idsSchema } from './team';
import { listQuerySchema, listResultSchema, nameSchema } from './validation';

// Stickers (/backend/manager/sticker, the /content/sticker page): small images with transparency
// (animated GIFs too) that compositions lay over content. Kept per workspace like content and
// uploaded whole in one request: the raw bytes as application/octet-stream, the name in the query.

export const STICKER_MIMES = ['image/png', 'image/gif', 'image/webp'] as const;
export const STICKER_EXTENSIONS = ['png', 'gif', 'webp'] as const;
export const STICKER_ACCEPT = STICKER_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Whether a file name has a sticker's extension. */
export function isStickerName(fileName: string) {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return (STICKER_EXTENSIONS as readonly string[]).includes(extension);
}

/** POST sticker?name=…, the body the file's bytes. */
export const stickerUploadQuerySchema = z.object({ name: fileNameSchema });
export const stickerRenameRequestSchema = z.object({ name: nameSchema });
export const stickerDeleteRequestSchema = z.object({ ids: idsSchema, detach: z.boolean().default(false) });
export type StickerDeleteRequest = z.input<typeof stickerDeleteRequestSchema>;

export const stickerItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  width: z.number(),
  height: z.number(),
  /** The file itself, by hash (stickers are small: no thumbnail). */
  url: z.string(),
  uploader_name: z.string().nullable(),
  created_at: z.string(),
});
export type StickerItem = z.infer<typeof stickerItemSchema>;

export const STICKER_SORT_COLUMNS = ['name', 'size', 'created_at'] as const;
export const stickerListQuerySchema = listQuerySchema(STICKER_SORT_COLUMNS);
export type StickerListQuery = z.input<typeof stickerListQuerySchema>;
export const stickerListSchema = listResultSchema(stickerItemSchema);

// ── Operations: all for holders of res:com-sticker:list ────────────────────────────────────

const STICKER = '/backend/manager/sticker';

export const stickerOperations = {
  list: operation({
    method: 'GET',
    path: STICKER,
    query: stickerListQuerySchema,
    response: stickerListSchema,
    access: 'res:com-sticker:list',
  }),
  /** The file's raw bytes as the body, its name in the query. */
  upload: operation({
    method: 'POST',
    path: STICKER,
    query: stickerUploadQuerySchema,
    response: stickerItemSchema,
    access: 'res:com-sticker:list',
  }),
  rename: operation({
    method: 'PATCH',
    path: `${STICKER}/:id`,
    params: idParamsSchema,
    body: stickerRenameRequestSchema,
    response: stickerItemSchema,
    access: 'res:com-sticker:list',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: STICKER,
    body: stickerDeleteRequestSchema,
    response: noDataSchema,
    access: 'res:com-sticker:list',
  }),
};
