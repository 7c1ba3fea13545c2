import type { RemoteConfig } from '@vitrine/contract';
import type { Db } from '../../db/client';
import { type BrandOwner, brandOf, customerOf } from './brand';
import { presentBrand } from './presenter';
import { firstValue, readSettings, type SettingScope, SYSTEM_SCOPE } from './settings';

export const SCHEDULE_CONFIRM_KEY = 'schedule_confirm';

/**
 * Whether schedules of a company need an administrator's approval: the company's own choice, else
 * the platform's default (/setting/server), else yes. Read in the caller's transaction, in one query.
 */
export async function scheduleNeedsConfirm(db: Db, companyId: number | null): Promise<boolean> {
  const scopes: SettingScope[] =
    companyId === null ? [SYSTEM_SCOPE] : [{ scope: 'company', id: companyId }, SYSTEM_SCOPE];
  const rows = await readSettings(db, scopes, [SCHEDULE_CONFIRM_KEY]);
  const value = firstValue(rows, scopes, SCHEDULE_CONFIRM_KEY);
  return typeof value === 'boolean' ? value : true;
}

/** The remote config of spec 000 §3, sent at login and by GET /manager/sys/config/mine. */
export async function remoteConfigFor(db: Db, user: BrandOwner): Promise<RemoteConfig> {
  const brand = await brandOf(db, await customerOf(db, user));
  return {
    ...presentBrand(brand),
    schedule_config: { need_confirm: await scheduleNeedsConfirm(db, user.companyId) },
  };
}
