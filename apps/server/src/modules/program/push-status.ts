import { PUSH_TIMEOUT_MS } from '@vitrine/contract';
import DataLoader from 'dataloader';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduleDevices } from '../../db/schema';

// Push statuses (ARCHITECTURE §9, modules/schedule/publish.ts): what each device made of a
// schedule's publication. A fetch of a manifest holding the schedule confirms it (pending →
// success, failed → retried); a push still pending PUSH_TIMEOUT_MS after publication has failed.

/** Pairs one confirming statement carries at most. */
const BATCH_MAX = 500;

type Fetched = { deviceId: number; scheduleId: number };

/**
 * Confirms the fetches of a turn of the event loop in one statement: a fleet told of a schedule
 * fetches together, and each fetch waits for its own row only.
 */
export class PushConfirmations {
  private readonly loader: DataLoader<Fetched, true, string>;

  constructor(db: Db) {
    this.loader = new DataLoader(
      async (pairs) => {
        const at = new Date();
        await db
          .update(scheduleDevices)
          .set({
            pushStatus: sql`case ${scheduleDevices.pushStatus} when 'failed' then 'retried' else 'success' end`,
            fetchedAt: at,
          })
          .where(
            and(
              inArray(scheduleDevices.pushStatus, ['pending', 'failed']),
              sql`(${scheduleDevices.scheduleId}, ${scheduleDevices.deviceId}) in (${sql.join(
                pairs.map((pair) => sql`(${pair.scheduleId}::int, ${pair.deviceId}::int)`),
                sql`, `,
              )})`,
            ),
          );
        return pairs.map(() => true as const);
      },
      {
        cache: false,
        maxBatchSize: BATCH_MAX,
        batchScheduleFn: setImmediate,
        cacheKeyFn: (pair) => `${pair.scheduleId}:${pair.deviceId}`,
      },
    );
  }

  /** The device fetched a manifest holding these schedules, which it had not confirmed yet. */
  async confirm(deviceId: number, scheduleIds: readonly number[]) {
    await Promise.all(scheduleIds.map((scheduleId) => this.loader.load({ deviceId, scheduleId })));
  }
}

/** Pushes still pending PUSH_TIMEOUT_MS after publication have failed; answers how many. */
export async function failOverduePushes(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(scheduleDevices)
    .set({ pushStatus: 'failed' })
    .where(
      and(
        eq(scheduleDevices.pushStatus, 'pending'),
        lt(scheduleDevices.pushedAt, new Date(now.getTime() - PUSH_TIMEOUT_MS)),
      ),
    )
    .returning({ id: scheduleDevices.deviceId });
  return rows.length;
}
