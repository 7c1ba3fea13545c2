import type { RemoteConfig } from '@vitrine/contract';
import type { Db } from '../../db/client';
import { type BrandOwner, brandOf, customerOf } from './brand';
import { presentBrand } from './presenter';
import { firstValue, readSettings, type SettingScope } from './settings';

export const SCHEDULE_CONFIRM_KEY = 'schedule_confirm';

/** Whether schedules of a company need an administrator's approval (default: yes). */
export async function scheduleNeedsConfirm(db: Db, companyId: number | null): Promise<boolean> {
  if (companyId === null) return true;
  const scope: SettingScope = { scope: 'company', id: companyId };
  const rows = await readSettings(db, [scope], [SCHEDULE_CONFIRM_KEY]);
  const value = firstValue(rows, [scope], SCHEDULE_CONFIRM_KEY);
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
