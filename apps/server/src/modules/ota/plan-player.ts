import { type otaReportRequestSchema, ResultCode } from '@vitrine/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { otaPackages, otaPlanDevices, otaPlans } from '../../db/schema';
import { publishDevicesChanged } from '../../platform/bus';
import { AppError, notFound } from '../../platform/errors';
import { OTA_OPEN_STATES } from '../../platform/ota-offer';
import { recordPlayerVersion } from '../device';
import { finishIfDone } from './offers';
import { packageKey } from './packages';

// The player's side of a plan (docs/ota.md "For any player"): the package's file for a device of
// the plan, and its reports. A device names itself by its token; a plan it is not in, or is done
// with, is 404001 to it.

/** Forward order of the states a report moves a device through (failed ends any of them). */
const RANK: Record<string, number> = { waiting: 0, downloading: 1, installing: 2, installed: 3 };

/**
 * GET player/ota/package/:plan_id: the package's file (its path and MD5), for a device of a running
 * plan not yet in a final state; 404001 otherwise, and for a file gone from the disk.
 */
export async function planPackageFile(app: FastifyInstance, deviceId: number, planId: number) {
  const [row] = await app.db
    .select({ fileId: otaPackages.fileId, md5: otaPackages.md5 })
    .from(otaPlanDevices)
    .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
    .innerJoin(otaPackages, eq(otaPackages.id, otaPlans.packageId))
    .where(
      and(
        eq(otaPlanDevices.planId, planId),
        eq(otaPlanDevices.deviceId, deviceId),
        inArray(otaPlanDevices.state, [...OTA_OPEN_STATES]),
        eq(otaPlans.status, 'running'),
      ),
    )
    .limit(1);
  if (!row?.fileId || !row.md5) throw notFound();
  return { key: packageKey(row.fileId), md5: row.md5 };
}

/**
 * POST player/ota/report: the device's state in the plan moves forward (the same state again
 * changes nothing; backwards, or after a final state, is 409005 'ota.reportState'). `installed`
 * counts only with the package's version, which becomes the device's; another version is a failure
 * (`wrong_version`). A failure keeps the player's code, its values and its words. A final
 * state pushes the device's state (the offer goes) and may finish the plan.
 */
export async function reportUpgrade(
  app: FastifyInstance,
  deviceId: number,
  report: z.output<typeof otaReportRequestSchema>,
) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: otaPlanDevices.state, version: otaPackages.version })
      .from(otaPlanDevices)
      .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
      .innerJoin(otaPackages, eq(otaPackages.id, otaPlans.packageId))
      .where(and(eq(otaPlanDevices.planId, report.plan_id), eq(otaPlanDevices.deviceId, deviceId)))
      .for('update', { of: otaPlanDevices });
    if (!row) throw notFound();
    if (row.state === report.state) return;
    const open = (OTA_OPEN_STATES as readonly string[]).includes(row.state);
    if (!open || (report.state !== 'failed' && RANK[report.state] < RANK[row.state])) {
      throw new AppError(ResultCode.stateConflict, 'ota.reportState');
    }
    const wrongVersion = report.state === 'installed' && report.version !== row.version;
    const state = wrongVersion ? 'failed' : report.state;
    const failed = state === 'failed';
    const reason = wrongVersion
      ? {
          reasonCode: 'wrong_version',
          reasonParams: { reported: report.version ?? '', expected: row.version },
          reason: null,
        }
      : {
          reasonCode: failed ? (report.reason_code ?? null) : null,
          reasonParams: failed ? (report.reason_params ?? null) : null,
          reason: failed ? (report.reason ?? null) : null,
        };
    const final = state === 'installed' || failed;
    const at = new Date();
    await tx
      .update(otaPlanDevices)
      .set({ state, ...reason, finishedAt: final ? at : null, updatedAt: at })
      .where(and(eq(otaPlanDevices.planId, report.plan_id), eq(otaPlanDevices.deviceId, deviceId)));
    if (state === 'installed') await recordPlayerVersion(tx, deviceId, row.version);
    if (final) {
      await publishDevicesChanged(tx, [deviceId]);
      await finishIfDone(tx, report.plan_id);
    }
  });
}
