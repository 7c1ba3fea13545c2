import type { OtaPlanTiming, PlayerUpgrade } from '@vitrine/contract';
import { playerOtaPackagePath } from '@vitrine/contract';
import { type SQL, sql } from 'drizzle-orm';

// The upgrade a screen is offered (docs/ota.md "For any player"). The OTA area owns plans and
// their rules, but the device area registers before it and builds the player's state, and the
// OTA area's due job needs the same answer: the SQL and the due rule live here, once (as the
// licence's in licence-state.ts). Plans are due by the test clock's time (platform/clock.ts `now`),
// the real time outside tests.

/** A not-final row of a running plan holding the device, with what the player needs. */
export type OtaOffer = {
  plan_id: number;
  version: string;
  md5: string;
  size: number;
  mandatory: boolean;
  timing: OtaPlanTiming;
  at: string | null;
  window_start: string | null;
  window_end: string | null;
};

/** Named in full: inside the subquery an unqualified "id" would be the subquery's own. */
const DEVICE_ID = sql.raw('"devices"."id"');

/** Rows not yet in a final state. */
export const OTA_OPEN_STATES = ['waiting', 'downloading', 'installing'] as const;

/** The device's offers, newest plan first, as a column of a query on `devices`. */
export const otaOffers = (): SQL<OtaOffer[]> =>
  sql<OtaOffer[]>`(select coalesce(json_agg(json_build_object(
      'plan_id', p.id, 'version', k.version, 'md5', k.md5, 'size', k.size,
      'mandatory', p.mandatory or d.forced,
      -- "Install now" (forced): due at once whatever the plan's time
      'timing', case when d.forced then 'instant' else p.timing end, 'at', p.at,
      'window_start', p.window_start, 'window_end', p.window_end) order by p.id desc), '[]'::json)
    from ota_plan_devices d
    join ota_plans p on p.id = d.plan_id
    join ota_packages k on k.id = p.package_id
    where d.device_id = ${DEVICE_ID} and p.status = 'running'
      and d.state in ('waiting', 'downloading', 'installing') and k.file_id is not null)`;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timezone: string): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (!format) {
    const options = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: timezone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    formats.set(timezone, format);
  }
  return format;
}

/** `now` on a device's wall clock as YYYY-MM-DDTHH:mm (UTC when it has no or an unknown time zone). */
export function localDateTime(timezone: string | null, now: Date): string {
  const part = Object.fromEntries(
    formatOf(timezone ?? 'UTC')
      .formatToParts(now)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

type Timing = Pick<OtaOffer, 'timing' | 'at' | 'window_start' | 'window_end'>;

/** Due: instant; or the device's local time has reached `at`; or it is within [start, end). */
export function otaDue(plan: Timing, timezone: string | null, now: Date): boolean {
  if (plan.timing === 'instant') return true;
  const local = localDateTime(timezone, now);
  if (plan.timing === 'at') return plan.at !== null && local >= plan.at;
  return (
    plan.window_start !== null &&
    plan.window_end !== null &&
    local >= plan.window_start &&
    local < plan.window_end
  );
}

/** The first due offer (newest plan first), as the player's state carries it. */
export function presentUpgrade(
  offers: readonly OtaOffer[],
  timezone: string | null,
  now: Date,
): PlayerUpgrade | null {
  const offer = offers.find((candidate) => otaDue(candidate, timezone, now));
  if (!offer) return null;
  return {
    plan_id: offer.plan_id,
    version: offer.version,
    md5: offer.md5,
    size: Number(offer.size),
    mandatory: offer.mandatory,
    url: playerOtaPackagePath(offer.plan_id),
  };
}
