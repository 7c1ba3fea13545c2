import {
  type DeviceItem,
  DeviceStatus,
  type PlayerState,
  type ProgramKind,
  type StorageMode,
  type TeamDeviceItem,
} from '@vitrine/contract';
import type { Device } from '../../db/schema';
import { now as clockNow, toRealTime } from '../../platform/clock';
import { type LicenceRow, licenceStateOf, presentLicenceStatus } from '../../platform/licence-state';
import { type OtaOffer, presentUpgrade } from '../../platform/ota-offer';
import { mediaUrl } from '../media';

// Device rows → API shapes: the console's device item, the team area's short item and the
// player's own state. The token hash and the PIN of a claimed screen never leave.

export type DeviceRow = Device &
  LicenceRow & {
    groupName: string | null;
    modelName: string | null;
  };

/** Status 5 "expired" is the licence's, read with the row; it outranks online and offline. */
const statusOf = (row: DeviceRow, license: DeviceItem['license']) =>
  license.state === 'expired' ? DeviceStatus.expired : row.status;

export function presentDevice(row: DeviceRow): DeviceItem {
  const license = presentLicenceStatus(row);
  return {
    device_id: row.id,
    signage_id: row.signageId,
    device_name: row.name ?? '',
    description: row.description,
    mac: row.mac,
    device_model: row.deviceModel,
    model_id: row.modelId,
    model_name: row.modelName,
    resolution: row.resolution,
    orientation: row.orientation,
    timezone: row.timezone,
    brightness: row.brightness,
    volume: row.volume,
    mute: row.mute,
    system_version: row.systemVersion,
    user_agent: row.userAgent,
    free_storage: row.freeStorage,
    storage_quota: row.storageQuota,
    storage_mode: row.storageMode as StorageMode | null,
    media_types: row.mediaTypes,
    screen_on: row.screenOn,
    lock_enabled: row.lockPinSha256 !== null,
    timers: row.timers,
    default_program:
      row.defaultProgramKind !== null && row.defaultProgramId !== null
        ? { kind: row.defaultProgramKind as ProgramKind, id: row.defaultProgramId }
        : null,
    screenshot_at: row.screenshotAt?.toISOString() ?? null,
    // `online` still says whether it is connected when the status is 5.
    status: statusOf(row, license),
    online: row.status === DeviceStatus.online,
    // Only claimed devices are listed, and a claimed device always has both.
    group_id: row.workspaceId ?? 0,
    group_name: row.groupName ?? '',
    company_id: row.companyId ?? 0,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    license,
  };
}

export const presentTeamDevice = (row: DeviceRow): TeamDeviceItem => ({
  device_id: row.id,
  device_name: row.name ?? '',
  signage_id: row.signageId,
  status: statusOf(row, presentLicenceStatus(row)),
  company_id: row.companyId,
  group_id: row.workspaceId,
  group_name: row.groupName,
});

export type PlayerRow = Device & {
  companyName: string | null;
  licenceBoundAt: Date | null;
  licenceExpiresAt: Date | null;
  macWhitelisted: boolean;
  /** Not-final rows of running plans (platform/ota-offer.ts): the state offers the first due one. */
  otaOffers: OtaOffer[];
  /** The hashes of its startup logo (PNG) and video: its model's, else its company's (modules/startup). */
  startup: { logo: string | null; video: string | null };
};

/** The screen's licence by the licence clock; its expiry on the real clock the screen keeps. */
function playerLicence(row: PlayerRow): PlayerState['license'] {
  const binding = row.licenceBoundAt ? { expiresAt: row.licenceExpiresAt } : null;
  const state = licenceStateOf(binding, row.macWhitelisted);
  const expires_at = row.licenceExpiresAt ? toRealTime(row.licenceExpiresAt).toISOString() : null;
  return { state, expires_at: state === 'valid' || state === 'expired' ? expires_at : null };
}

/** Whether the screen may play: a licence in force, or its MAC on the whitelist. */
export const screenLicensed = (row: PlayerRow): boolean => {
  const { state } = playerLicence(row);
  return state === 'valid' || state === 'whitelisted';
};

/** What the player shows; `token` only in the answer that registered it. */
export function presentPlayerState(
  row: PlayerRow,
  now: Date,
  consoleUrl: string,
  token?: string,
): PlayerState {
  const paired = row.companyId !== null;
  return {
    ...(token ? { token } : {}),
    console_url: consoleUrl,
    signage_id: row.signageId,
    paired,
    pin: paired ? null : row.pin,
    pin_expires_at: paired ? null : (row.pinExpiresAt?.toISOString() ?? null),
    device_name: row.name,
    company_name: row.companyName,
    server_time: now.toISOString(),
    settings: {
      volume: row.volume,
      mute: row.mute,
      brightness: row.brightness,
      orientation: row.orientation,
      screen_on: row.screenOn,
      timezone: row.timezone,
      screenshot_interval: row.screenshotInterval,
    },
    timers: row.timers,
    lock: row.lockPinSha256 && row.lockSalt ? { salt: row.lockSalt, pin_sha256: row.lockPinSha256 } : null,
    license: playerLicence(row),
    upgrade: paired ? presentUpgrade(row.otaOffers, row.timezone, clockNow()) : null,
    startup: { logo: mediaUrl(row.startup.logo), video: mediaUrl(row.startup.video) },
  };
}
