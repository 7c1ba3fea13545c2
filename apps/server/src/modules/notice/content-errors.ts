import type { contentErrorRequestSchema } from '@vitrine/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contentErrors, contents, type Device } from '../../db/schema';
import { forbidden } from '../../platform/errors';

// Items a screen could not show (POST player/content-error), kept for /notice/content-error with
// the device's company and workspace. A player that fails on the same item at every pass reports
// it each time: one report per item and reason is kept per REPEAT_MINUTES.

export const REPEAT_MINUTES = 10;

type Reporter = Pick<Device, 'id' | 'companyId' | 'workspaceId'>;

/** Stores a report; answers whether it was new (false: the same one came within REPEAT_MINUTES). */
export async function recordContentError(
  db: Db,
  device: Reporter,
  report: z.output<typeof contentErrorRequestSchema>,
): Promise<boolean> {
  const { companyId, workspaceId } = device;
  if (companyId === null || workspaceId === null) throw forbidden(); // an unpaired screen plays nothing
  const since = new Date(Date.now() - REPEAT_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const [repeated] = await tx
      .select({ id: contentErrors.id })
      .from(contentErrors)
      .where(
        and(
          eq(contentErrors.deviceId, device.id),
          gt(contentErrors.createdAt, since),
          eq(contentErrors.itemKey, report.key),
          eq(contentErrors.reason, report.reason),
        ),
      )
      .limit(1);
    if (repeated) return false;
    // Only content of the device's own company is linked; any other id is kept as none.
    const [content] =
      report.content_id === null
        ? []
        : await tx
            .select({ id: contents.id })
            .from(contents)
            .where(and(eq(contents.id, report.content_id), eq(contents.companyId, companyId)));
    await tx.insert(contentErrors).values({
      deviceId: device.id,
      companyId,
      workspaceId,
      contentId: content?.id ?? null,
      itemKey: report.key,
      reason: report.reason,
      message: report.message,
    });
    return true;
  });
}
