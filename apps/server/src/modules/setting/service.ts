import {
  type CustomerLogo,
  type CustomerTheme,
  type CustomerThemeRequest,
  DATE_FORMATS,
  type ErrorReport,
  FEATURE_HIGHLIGHT_MAX,
  type Guide,
  type Language,
  PLATFORM_ROLES,
  type Preference,
  ResultCode,
  Role,
  TIME_FORMATS,
  type UserGuide,
  type Week,
} from '@vitrine/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorReports, settings, users } from '../../db/schema';
import { publish } from '../../platform/bus';
import { AppError, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/session';
import { BRAND_KEYS, brandOf, customerOf } from './brand';
import { presentGuide, presentImages, presentPreference, presentTheme, presentWeek } from './presenter';
import { type SettingScope, SYSTEM_SCOPE, writeSetting } from './settings';

// The setting calls: white-label look, the user's own preferences, guide progress, feature
// highlights and error reports.

/** The signed-in user whose brand is read or written. */
export type BrandUser = Pick<SessionUser, 'userId' | 'roleId' | 'customerId' | 'companyId'>;

const FEATURE_HIGHLIGHT_KEY = 'feature_highlight';

/** Where a caller's white-label changes are saved: their customer, or the whole system. */
export function brandScope(user: BrandUser): SettingScope {
  if ((PLATFORM_ROLES as readonly number[]).includes(user.roleId)) return SYSTEM_SCOPE;
  if (user.roleId === Role.customer && user.customerId !== null) {
    return { scope: 'customer', id: user.customerId };
  }
  throw new AppError(ResultCode.permission);
}

const brandFor = async (db: Db, user: BrandUser) => brandOf(db, await customerOf(db, user));

export async function brandImages(db: Db, user: BrandUser): Promise<CustomerLogo> {
  return presentImages(await brandFor(db, user));
}

export async function brandTheme(db: Db, user: BrandUser): Promise<CustomerTheme> {
  return presentTheme(await brandFor(db, user));
}

export async function saveBrandTheme(
  db: Db,
  user: BrandUser,
  theme: CustomerThemeRequest,
): Promise<CustomerTheme> {
  const scope = brandScope(user);
  await db.transaction(async (tx) => {
    await writeSetting(tx, scope, BRAND_KEYS.theme, theme);
    await publish(tx, { type: 'brand-changed' });
  });
  return brandTheme(db, user);
}

async function userRow(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound();
  return row;
}

type UserPatch = Partial<
  Pick<
    typeof users.$inferInsert,
    'language' | 'timezone' | 'timeFormat' | 'dateFormat' | 'userGuide' | 'offSiteLoginAlarm' | 'powerMail'
  >
>;

async function updateUser(db: Db, userId: number, patch: UserPatch) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound();
  return row;
}

export async function guide(db: Db, userId: number): Promise<Guide> {
  return presentGuide((await userRow(db, userId)).userGuide);
}

/** Saves the tour progress; all three false starts the tour again. */
export async function saveGuide(db: Db, userId: number, progress: UserGuide): Promise<Guide> {
  return presentGuide((await updateUser(db, userId, { userGuide: progress })).userGuide);
}

export async function setLanguage(db: Db, userId: number, language: Language) {
  return { language: (await updateUser(db, userId, { language })).language as Language };
}

let zones: string[] | null = null;
/** Every IANA zone the runtime knows, UTC first. */
export function timeZones(): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones;
}

/** The user's preferences that the setting calls read and write, with their choices. */
const PREFERENCES = {
  timezone: { column: 'timezone', options: timeZones },
  time_format: { column: 'timeFormat', options: () => TIME_FORMATS },
  date_format: { column: 'dateFormat', options: () => DATE_FORMATS },
} as const;
export type PreferenceName = keyof typeof PREFERENCES;

export async function preference(db: Db, userId: number, name: PreferenceName): Promise<Preference> {
  const { column, options } = PREFERENCES[name];
  return presentPreference((await userRow(db, userId))[column], options());
}

export async function savePreference(db: Db, userId: number, name: PreferenceName, value: string) {
  const { column } = PREFERENCES[name];
  return { value: (await updateUser(db, userId, { [column]: value }))[column] };
}

export async function week(db: Db, userId: number, lang: Language): Promise<Week> {
  return presentWeek((await userRow(db, userId)).weekStart, lang);
}

export async function setOffSiteLoginAlarm(db: Db, userId: number, enabled: boolean) {
  return {
    user_off_site_login_alarm: (await updateUser(db, userId, { offSiteLoginAlarm: enabled }))
      .offSiteLoginAlarm,
  };
}

export async function setPowerMail(db: Db, userId: number, enabled: boolean) {
  return { user_power_mail: (await updateUser(db, userId, { powerMail: enabled })).powerMail };
}

const featureScope = (userId: number) =>
  and(eq(settings.scope, 'user'), eq(settings.scopeId, userId), eq(settings.key, FEATURE_HIGHLIGHT_KEY));

export async function seenFeatures(db: Db, userId: number): Promise<{ list: string[] }> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(featureScope(userId))
    .limit(1);
  const list = Array.isArray(row?.value)
    ? row.value.filter((name): name is string => typeof name === 'string')
    : [];
  return { list };
}

/** Marks a feature seen, in one statement so two tabs cannot lose each other's marks. */
export async function markFeatureSeen(db: Db, userId: number, name: string) {
  const current = sql`${settings.value}`;
  await db
    .insert(settings)
    .values({ scope: 'user', scopeId: userId, key: FEATURE_HIGHLIGHT_KEY, value: [name] })
    .onConflictDoUpdate({
      target: [settings.scope, settings.scopeId, settings.key],
      set: {
        value: sql`CASE
          WHEN jsonb_typeof(${current}) <> 'array' THEN excluded.value
          WHEN ${current} ? ${name} OR jsonb_array_length(${current}) >= ${FEATURE_HIGHLIGHT_MAX}::int THEN ${current}
          ELSE ${current} || excluded.value END`,
        updatedAt: new Date(),
      },
    });
  return seenFeatures(db, userId);
}

export async function saveErrorReports(db: Db, records: ErrorReport, userId: number | null) {
  await db.insert(errorReports).values(
    records.map((record) => ({
      userId,
      uid: record.uid ?? null,
      url: record.url,
      method: record.method,
      qs: record.qs ?? null,
      body: record.body ?? null,
      code: record.code ?? null,
      msg: record.msg ?? null,
      tz: record.tz ?? null,
      time: record.time ?? null,
    })),
  );
  return { saved: records.length };
}
