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
