import { buffer } from 'node:stream/consumers';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceCommands, devices } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

// Screenshots (ARCHITECTURE §7): a player answering a screenshot command uploads the image with
// its device token; the latest one per device is kept in storage as screenshots/<device_id>.png
// (PNG or JPEG inside: the bytes say which) and sent to the console's device page. A screen with
// a screen-capture interval uploads one by itself every so many minutes, without a command.

export const SCREENSHOT_MAX_BYTES = 4 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];

const keyOf = (deviceId: number) => `screenshots/${deviceId}.png`;

/** image/png or image/jpeg by the file's signature, or null for anything else. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export const removeScreenshot = (storage: Storage, deviceId: number) => storage.delete(keyOf(deviceId));

/** The latest screenshot and its type, or 404001 when there is none. */
export async function readScreenshot(storage: Storage, deviceId: number) {
  const stored = await storage.get(keyOf(deviceId));
  const bytes = stored && (await buffer(stored.stream));
  const type = bytes && imageTypeOf(bytes);
  if (!bytes || !type) throw notFound();
  return { bytes, type };
}

/** An upload only answers a screenshot command of this device still waiting for it. */
async function pendingScreenshot(db: Db, deviceId: number, commandId: number) {
  const [row] = await db
    .select({ id: deviceCommands.id })
    .from(deviceCommands)
    .where(
      and(
        eq(deviceCommands.id, commandId),
        eq(deviceCommands.deviceId, deviceId),
        eq(deviceCommands.action, 'screenshot'),
        eq(deviceCommands.status, 'pending'),
      ),
    );
  if (!row) throw notFound();
}

/** An upload without a command is one the screen took by itself: only at its screen-capture interval. */
async function capturing(db: Db, deviceId: number) {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), gt(devices.screenshotInterval, 0)));
  if (!row) throw notFound();
}

/**
 * Keeps an uploaded image as the device's latest screenshot; only an answer to a screenshot
 * command of this device still waiting for it is taken, or without a command one from a screen
 * with a screen-capture interval (else 404001).
 */
export async function acceptScreenshot(
  db: Db,
  storage: Storage,
  deviceId: number,
  commandId: number | undefined,
  bytes: Buffer,
) {
  if (commandId === undefined) await capturing(db, deviceId);
  else await pendingScreenshot(db, deviceId, commandId);
  // A reader sees the old image or the new one whole (storage's put).
  await storage.put(keyOf(deviceId), bytes);
  await db.update(devices).set({ screenshotAt: new Date() }).where(eq(devices.id, deviceId));
}
