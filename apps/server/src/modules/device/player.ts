import { randomInt } from 'node:crypto';
import {
  DEVICE_PIN_TTL_SECONDS,
  type PlayerHelloRequest,
  type PlayerInfo,
  type PlayerState,
  ResultCode,
  SIGNAGE_ID_ALPHABET,
  SIGNAGE_ID_LENGTH,
} from '@vitrine/contract';
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { companies, type Device, deviceLicenses, devices } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { whitelisted } from '../../platform/licence-state';
import { otaOffers } from '../../platform/ota-offer';
import { publishManifestChanged } from '../../platform/screen-changes';
import { hashToken, newToken } from '../../platform/tokens';
import { modelNamed, rematchedModelId } from '../device-model';
import { startupHashes } from '../startup';
import { type PlayerRow, presentPlayerState } from './presenter';

// The player's side of a device (ARCHITECTURE §7): a screen registers with its first hello and
// gets a device token (stored hashed), a signage ID and a short-lived PIN; later hellos and the
// socket's auth message name it by that token.

const randomSignageId = () =>
  Array.from(
    { length: SIGNAGE_ID_LENGTH },
    () => SIGNAGE_ID_ALPHABET[randomInt(SIGNAGE_ID_ALPHABET.length)],
  ).join('');
const randomPin = () => String(randomInt(1_000_000)).padStart(6, '0');
const pinExpiry = (now: Date) => new Date(now.getTime() + DEVICE_PIN_TTL_SECONDS * 1000);

/**
 * The columns a player's report fills; absent fields stay as they were. Not orientation: that
 * column is the rotation the console set (the orientation command), which the player applies.
 */
export function infoColumns(info: PlayerInfo | undefined): Partial<Device> {
  if (!info) return {};
  const columns: Partial<Device> = {
    resolution: info.resolution,
    timezone: info.timezone,
    userAgent: info.user_agent,
    systemVersion: info.player_version,
    freeStorage: info.free_storage,
    storageQuota: info.storage_quota,
    storageMode: info.storage_mode,
    mediaTypes: info.media_types,
    mac: info.mac?.toUpperCase(),
    language: info.language,
    deviceModel: info.model,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * The version a screen now runs, as its upgrade report says (docs/ota.md "For any player"): the
 * lists show it at once, before the player's next hello reports it too.
 */
export async function recordPlayerVersion(db: Db, deviceId: number, version: string): Promise<void> {
  await db.update(devices).set({ systemVersion: version }).where(eq(devices.id, deviceId));
}

/** A report's model_id: which model the reported name is, when the report names one (see rematchedModelId). */
export const reportedModelId = (columns: Partial<Device>) =>
  columns.deviceModel === undefined ? {} : { modelId: rematchedModelId(columns.deviceModel) };

/** The columns whose reported value differs from the row's. */
export function changedColumns(row: Device, columns: Partial<Device>): Partial<Device> {
  return Object.fromEntries(
    Object.entries(columns).filter(([key, value]) => row[key as keyof Device] !== value),
  ) as Partial<Device>;
}

const playerColumns = {
  ...getTableColumns(devices),
  companyName: companies.name,
  licenceBoundAt: deviceLicenses.boundAt,
  licenceExpiresAt: deviceLicenses.expiresAt,
  macWhitelisted: whitelisted(),
  otaOffers: otaOffers(),
  startup: startupHashes(),
};

/** Devices with their company's name, their licence, the upgrades their plans offer and their startup media. */
export const playerRows = (db: Db, where: SQL): Promise<PlayerRow[]> =>
  db
    .select(playerColumns)
    .from(devices)
    .leftJoin(companies, eq(companies.id, devices.companyId))
    .leftJoin(deviceLicenses, eq(deviceLicenses.deviceId, devices.id))
    .where(where);

export async function playerRow(db: Db, where: SQL): Promise<PlayerRow | undefined> {
  const [row] = await playerRows(db, where);
  return row;
}

/** The device a token names, or undefined. */
export const deviceOfToken = (db: Db, token: string) =>
  playerRow(db, eq(devices.tokenHash, hashToken(token)));

const BEARER = /^Bearer\s+(\S{20,128})$/i;

/**
 * The device whose token a player's HTTP call carries (Authorization: Bearer); 600003 if none.
 * `lookup` finds a token's device (a hot path passes the hub's batched one).
 */
export async function deviceOfRequest(
  db: Db,
  request: FastifyRequest,
  lookup: (token: string) => Promise<PlayerRow | undefined> = (token) => deviceOfToken(db, token),
): Promise<PlayerRow> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const device = token ? await lookup(token) : undefined;
  if (!device) throw new AppError(ResultCode.sessionExpired);
  return device;
}

/** An unpaired screen whose PIN ran out gets the next one. */
export async function renewPin(db: Db, row: PlayerRow, now: Date): Promise<PlayerRow> {
  if (row.companyId !== null || (row.pinExpiresAt && row.pinExpiresAt > now)) return row;
  const [updated] = await db
    .update(devices)
    .set({ pin: randomPin(), pinExpiresAt: pinExpiry(now), updatedAt: now })
    .where(eq(devices.id, row.id))
    .returning();
  return { ...row, ...updated };
}

/** What a screen registered a moment ago has: no company, no licence, no upgrade, no startup media. */
const UNPAIRED = {
  companyName: null,
  licenceBoundAt: null,
  licenceExpiresAt: null,
  macWhitelisted: false,
  otaOffers: [],
  startup: { logo: null, video: null },
};

async function register(
  db: Db,
  info: PlayerInfo | undefined,
  now: Date,
  consoleUrl: string,
): Promise<PlayerState> {
  const token = newToken();
  for (let attempt = 0; ; attempt++) {
    try {
      const columns = infoColumns(info);
      const [row] = await db
        .insert(devices)
        .values({
          ...columns,
          ...(columns.deviceModel ? { modelId: modelNamed(columns.deviceModel) } : {}),
          signageId: randomSignageId(),
          tokenHash: hashToken(token),
          pin: randomPin(),
          pinExpiresAt: pinExpiry(now),
        })
        .returning();
      return presentPlayerState({ ...row, ...UNPAIRED }, now, consoleUrl, token);
    } catch (err) {
      // 31^6 IDs: a clash is rare, several in a row mean something else is wrong.
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}

/**
 * POST player/hello: without a token registers a new screen; with one, stores what it reports
 * and answers its state. An unknown token (the device was deleted) answers 600003, so the
 * player forgets it and registers again.
 */
export async function hello(db: Db, input: PlayerHelloRequest, consoleUrl: string): Promise<PlayerState> {
  const now = new Date();
  if (!input.token) return register(db, input.info, now, consoleUrl);
  const found = await deviceOfToken(db, input.token);
  if (!found) throw new AppError(ResultCode.sessionExpired);
  const columns = infoColumns(input.info);
  if (Object.keys(columns).length > 0) {
    await db
      .update(devices)
      .set({ ...columns, ...reportedModelId(columns), updatedAt: now })
      .where(eq(devices.id, found.id));
    // Schedules are read in the device's timezone: a new one changes its manifest.
    if (columns.timezone !== undefined && columns.timezone !== found.timezone)
      await publishManifestChanged(db, [found.id]);
  }
  return presentPlayerState(await renewPin(db, found, now), now, consoleUrl);
}
