import { type Column, type SQL, sql } from 'drizzle-orm';
import { parse } from 'semver';

// Package versions sort as semver orders them (docs/ota.md), in SQL: each version is stored with a
// key whose byte order (COLLATE "C") is semver's precedence, so lists sort and page in the database.

const pad = (n: number) => String(n).padStart(10, '0');

/**
 * The sort key of a version the contract accepted (MAJOR.MINOR.PATCH[-pre.release]): numbers
 * padded; a release after its pre-releases ('~' sorts after '-'); pre-release identifiers one by
 * one, numeric ones ('0…') before alphanumeric ones ('1…'), '!' between them sorting below every
 * character an identifier may hold, so fewer identifiers come first.
 */
export function versionSortKey(version: string): string {
  const parsed = parse(version);
  if (!parsed) throw new Error(`Not a semantic version: ${version.slice(0, 80)}`);
  const release = [parsed.major, parsed.minor, parsed.patch].map(pad).join('.');
  if (parsed.prerelease.length === 0) return `${release}~`;
  const identifiers = parsed.prerelease.map((id) => (typeof id === 'number' ? `0${pad(id)}` : `1${id}`));
  return `${release}-${identifiers.join('!')}`;
}

// The version a device reports, in SQL: its first MAJOR[.MINOR[.PATCH]] (as semver's coerce reads
// it, "1.21.13 build 250626 Release" is 1.21.13) with the pre-release that follows it, if any.
const REPORTED = String.raw`(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?`;

const reported = (column: Column | SQL, body: (parts: SQL) => SQL) =>
  sql<
    string | null
  >`(select ${body(sql`m`)} from (select regexp_match(${column}, ${REPORTED}) as m) as reported)`;

const release = (m: SQL) =>
  sql`lpad(${m}[1], 10, '0') || '.' || lpad(coalesce(${m}[2], '0'), 10, '0') || '.' || lpad(coalesce(${m}[3], '0'), 10, '0')`;

/**
 * The sort key (versionSortKey's) of the version a device reports, or null when it reports none:
 * the same bytes for the same version, so `version_key > this` is semver's "newer than".
 */
export const reportedVersionKey = (column: Column | SQL): SQL =>
  reported(
    column,
    (
      m,
    ) => sql`case when ${m} is null then null when ${m}[4] is null then ${release(m)} || '~' else ${release(m)} || '-' || (
      select string_agg(case when id ~ '^[0-9]{1,10}$' then '0' || lpad(id, 10, '0') else '1' || id end, '!' order by n)
      from unnest(string_to_array(${m}[4], '.')) with ordinality as ids(id, n)) end`,
  );

/** The version a device reports, written plainly ("1.21.13", "2.0.0-beta.1"); null: none. */
export const reportedVersion = (column: Column | SQL): SQL<string | null> =>
  reported(
    column,
    (m) =>
      sql`case when ${m} is null then null else ${m}[1] || '.' || coalesce(${m}[2], '0') || '.' || coalesce(${m}[3], '0') || coalesce('-' || ${m}[4], '') end`,
  );
