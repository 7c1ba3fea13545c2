import { ResultCode } from '@vitrine/contract';
import type { Db } from '../db/client';
import { AppError } from './errors';

// What keeps a screen from being deleted or moved to another workspace (spec 001 §4: a device in a
// video wall cannot be deleted before the wall is, and moving it to another workspace requires its
// wall to be deleted first). The areas that hold screens register from their module plugin
// (decoration `app.deviceHolds`); the device area asks before a delete and before a move, so it
// never imports them.

/** What holds any of these devices: the holder's name for each held one. */
export type DeviceHoldCheck = (
  tx: Db,
  deviceIds: readonly number[],
) => Promise<{ deviceId: number; holder: string }[]>;

/** A holder and the message keys the user reads when it refuses (params: device, holder). */
export type DeviceHold = { find: DeviceHoldCheck; deleteMessage: string; moveMessage: string };

export type DeviceAction = 'delete' | 'move';

export class DeviceHolds {
  readonly #holds = new Map<string, DeviceHold>();

  /** Adds an area's hold (registering again replaces it). */
  register(area: string, hold: DeviceHold) {
    this.#holds.set(area, hold);
  }

  /**
   * 409005 naming the first held device and what holds it, when any of these devices is held:
   * the caller's delete or move changes nothing.
   */
  async assertFree(
    tx: Db,
    deviceIds: readonly number[],
    action: DeviceAction,
    nameOf: (id: number) => string,
  ) {
    if (deviceIds.length === 0) return;
    for (const hold of this.#holds.values()) {
      const [held] = await hold.find(tx, deviceIds);
      if (!held) continue;
      const message = action === 'delete' ? hold.deleteMessage : hold.moveMessage;
      throw new AppError(
        ResultCode.stateConflict,
        message,
        { device: nameOf(held.deviceId), holder: held.holder },
        { device_id: held.deviceId },
      );
    }
  }
}
