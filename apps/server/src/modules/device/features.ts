import { type DeviceFeature, ResultCode, supportsFeature } from '@vitrine/contract';
import { AppError } from '../../platform/errors';

// The player versions a command or setting needs (the contract's DEVICE_FEATURES,
// docs/device-features.md): a device whose version lacks it is refused, like an offline one.

type Versioned = { id: number; name: string | null; signageId: string; systemVersion: string | null };

/**
 * Refuses unless every device can do `feature`: one device with the spec's message, several with
 * the same naming those that cannot (and their ids as data). All or nothing, as commands are.
 */
export function refuseUnsupported(rows: readonly Versioned[], feature: DeviceFeature) {
  const lacking = rows.filter((row) => !supportsFeature(row.systemVersion, feature));
  if (lacking.length === 0) return;
  const data = { device_ids: lacking.map((row) => row.id) };
  if (rows.length === 1) throw new AppError(ResultCode.validation, 'device.oldVersion', {}, data);
  const names = lacking.map((row) => row.name ?? row.signageId).join(', ');
  throw new AppError(ResultCode.validation, 'device.oldVersions', { names }, data);
}
