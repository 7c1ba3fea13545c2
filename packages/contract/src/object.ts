import { z } from 'zod';
import { noDataSchema, operation } from './operation';
import { bodyIdSchema } from './validation';

// Stored objects (spec 000 §7 /manager/resource/object): the small images the platform keeps for
// an owner (the system, a customer or a company) in media storage: brand logos and icons, sensor-type
// icons. Each is served from its URL; deleting one removes its file once nothing else uses the bytes.

export const STORED_OBJECT_KINDS = ['brand-logo', 'brand-icon', 'sensor-icon'] as const;
export type StoredObjectKind = (typeof STORED_OBJECT_KINDS)[number];

export const objectDeleteRequestSchema = z.object({ id: bodyIdSchema });
export type ObjectDeleteRequest = z.input<typeof objectDeleteRequestSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────

/**
 * Deleting a stored object the caller owns. The route lets in holders of either key; the server
 * then asks for the one fitting the object's kind (brand images setting:sys:customer-logo, sensor
 * icons device:sensor:del).
 */
export const objectOperations = {
  delete: operation({
    method: 'DELETE',
    path: '/backend/manager/resource/object/delete',
    body: objectDeleteRequestSchema,
    response: noDataSchema,
    access: ['setting:sys:customer-logo', 'device:sensor:del'],
  }),
};
