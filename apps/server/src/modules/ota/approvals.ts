import { DEVICE_COMMAND_LIMIT, type OtaUpgradeResult, ResultCode } from '@vitrine/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { otaPackages, otaPlanDevices, otaPlans } from '../../db/schema';
import { now } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { OTA_OPEN_STATES } from '../../platform/ota-offer';
import type { TenantScope } from '../../platform/tenancy';
import { offerDue } from './offers';
import { forceRows, insertPlan } from './plans';
import { devicesToUpgrade } from './upgrades';

// Approving an upgrade from /device/ota (docs/ota.md "Approving an upgrade"): the operator's
// devices go to their newest compatible package at once. A device a running plan already holds is
// forced in it ("Install now"); the others get a mandatory instant plan per package, the caller's
// company's (null for the platform), so owners and user admins upgrade their own screens without
// holding the platform's plan keys.

/** A plan's name says what and when, in no language: "2.0.0 · 2026-11-29 08:15 UTC". */
const planName = (version: string, at: Date) =>
  `${version} · ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`.slice(0, 64);

/**
 * POST ota/upgrade: at most DEVICE_COMMAND_LIMIT devices (400001 device.limit), each the caller's
 * (404001 otherwise) and each with a newer compatible package or a running plan holding it
 * (409005 ota.nothingNewer otherwise); all or nothing, in one transaction. The devices are told
 * at once.
 */
export async function approveUpgrades(
  app: FastifyInstance,
  scope: TenantScope,
  deviceIds: readonly number[],
): Promise<OtaUpgradeResult> {
  const unique = [...new Set(deviceIds)];
  if (unique.length > DEVICE_COMMAND_LIMIT) {
    throw new AppError(ResultCode.validation, 'device.limit', { limit: DEVICE_COMMAND_LIMIT });
  }
  const userId = scope.user.userId;
  const { list, planIds } = await app.db.transaction(async (tx) => {
    const found = await devicesToUpgrade(tx, scope, unique);
    if (found.length !== unique.length) throw notFound();
    // The newest running plan holding each device, the device not yet in a final state.
    const held = new Map<number, { planId: number; version: string }>();
    const holding = await tx
      .select({ deviceId: otaPlanDevices.deviceId, planId: otaPlans.id, version: otaPackages.version })
      .from(otaPlanDevices)
      .innerJoin(otaPlans, eq(otaPlans.id, otaPlanDevices.planId))
      .innerJoin(otaPackages, eq(otaPackages.id, otaPlans.packageId))
      .where(
        and(
          inArray(otaPlanDevices.deviceId, unique),
          inArray(otaPlanDevices.state, [...OTA_OPEN_STATES]),
          eq(otaPlans.status, 'running'),
        ),
      )
      .orderBy(desc(otaPlans.id));
    for (const row of holding) if (!held.has(row.deviceId)) held.set(row.deviceId, row);

    const fresh = found.filter((device) => !held.has(device.id));
    const current = fresh.find((device) => device.newestId === null);
    if (current)
      throw new AppError(ResultCode.stateConflict, 'ota.nothingNewer', { name: current.name ?? '' });

    const result: OtaUpgradeResult['list'] = [];
    const byPlan = new Map<number, number[]>();
    for (const [deviceId, { planId, version }] of held) {
      byPlan.set(planId, [...(byPlan.get(planId) ?? []), deviceId]);
      result.push({ device_id: deviceId, plan_id: planId, version });
    }
    for (const [planId, ids] of byPlan) await forceRows(tx, planId, ids, userId);

    const byPackage = new Map<number, typeof fresh>();
    for (const device of fresh) {
      const packageId = device.newestId as number;
      byPackage.set(packageId, [...(byPackage.get(packageId) ?? []), device]);
    }
    const at = new Date();
    for (const [packageId, targeted] of byPackage) {
      const version = targeted[0].newestVersion as string;
      const planId = await insertPlan(tx, { id: packageId, version }, targeted, {
        name: planName(version, at),
        description: '',
        mandatory: true,
        timing: 'instant',
        at: null,
        windowStart: null,
        windowEnd: null,
        targets: { device_ids: targeted.map((device) => device.id), workspace_ids: [], model_ids: [] },
        createdBy: userId,
        companyId: scope.isPlatform ? null : scope.companyId,
      });
      byPlan.set(planId, []);
      for (const device of targeted) result.push({ device_id: device.id, plan_id: planId, version });
    }
    return { list: result, planIds: [...byPlan.keys()] };
  });
  for (const planId of planIds) await offerDue(app.db, now(), planId);
  return { list: list.sort((a, b) => a.device_id - b.device_id) };
}
