import { isRole, ROLE_NAME, type UserInfo } from '@vitrine/contract';
import type { users } from '../../db/schema';

export type User = typeof users.$inferSelect;

/** A role's name key (`role.<name>` in the locales); empty for a number that is no role. */
export const roleName = (roleId: number) => (isRole(roleId) ? ROLE_NAME[roleId] : '');

/** A user row as the console holds it (spec 000 §3): no hash, no lock counters. */
export function presentUser(
  row: User,
  names: { customer: string | null; company: string | null; workspace: string | null },
): UserInfo {
  return {
    user_id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    role_id: row.roleId,
    role_name: roleName(row.roleId),
    status: row.status,
    customer_id: row.customerId,
    customer_name: names.customer,
    company_id: row.companyId,
    company_name: names.company,
    group_id: row.activeWorkspaceId ?? row.workspaceId,
    group_name: names.workspace,
    language_len_id: row.language,
    timezone: row.timezone,
    date_format: row.dateFormat,
    time_format: row.timeFormat,
    week_start: row.weekStart,
    user_off_site_login_alarm: row.offSiteLoginAlarm,
    user_power_mail: row.powerMail,
    login_times: row.loginTimes,
  };
}
