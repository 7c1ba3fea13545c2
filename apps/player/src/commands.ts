import type { DeviceCommand } from '@vitrine/contract';
import type { Settings } from './effects';

// The console's commands on the player (ARCHITECTURE §7), each acknowledged with a result: ok,
// or not with the error's text. The page is only left (reload) after the ack had time to go.
//
// Unpair: the server has already made this screen unclaimed again (same token and signage ID, a
// new PIN), so the player keeps its token and greets again to show the new PIN.

/** Time for an ack to leave before the page reloads. */
export const LEAVE_MS = 500;

export type CommandPlayer = {
  ack(commandId: number, ok: boolean, result?: string | null): void;
  settings(): Settings;
  /** Applies the settings and keeps them with the saved state. */
  setSettings(settings: Settings): void;
  /** Captures and uploads the screen; answers a result text. */
  screenshot(commandId: number): Promise<string>;
  identify(): void;
  /** Greets again and shows the state the server answers. */
  refresh(): Promise<void>;
  reload(): void;
};

/** Deletes what the player stored for content (Cache Storage and IndexedDB), keeping its own shell. */
export async function clearStorage(keepCache: (name: string) => boolean): Promise<string> {
  let removed = 0;
  if ('caches' in globalThis) {
    for (const name of await caches.keys()) {
      if (!keepCache(name) && (await caches.delete(name))) removed++;
    }
  }
  for (const database of (await indexedDB?.databases?.()) ?? []) {
    if (!database.name) continue;
    indexedDB.deleteDatabase(database.name);
    removed++;
  }
  return `${removed} removed`;
}

/** What a setting command changes, or null for the others. */
function settingOf(command: DeviceCommand): Partial<Settings> | null {
  switch (command.action) {
    case 'volume':
      return { volume: command.value };
    case 'mute':
      return { mute: command.value };
    case 'brightness':
      return { brightness: command.value };
    case 'orientation':
      return { orientation: command.value };
    case 'timezone':
      return { timezone: command.value };
    case 'screenshot-interval':
      return { screenshot_interval: command.value };
    case 'screen-off':
      return { screen_on: false };
    case 'screen-on':
      return { screen_on: true };
    default:
      return null;
  }
}

async function perform(
  player: CommandPlayer,
  commandId: number,
  command: DeviceCommand,
  clearCache: () => Promise<string>,
): Promise<{ result: string | null; thenReload?: boolean }> {
  const setting = settingOf(command);
  if (setting) {
    player.setSettings({ ...player.settings(), ...setting });
    return { result: null };
  }
  switch (command.action) {
    case 'reboot':
      return { result: null, thenReload: true };
    case 'clear-cache':
      return { result: await clearCache(), thenReload: true };
    case 'screenshot':
      return { result: await player.screenshot(commandId) };
    case 'identify':
      player.identify();
      return { result: null };
    case 'refresh':
    case 'unpair':
      await player.refresh();
      return { result: null };
    default:
      throw new Error(`unknown command ${command.action}`);
  }
}

/** Runs one command and acknowledges it. */
export async function runCommand(
  player: CommandPlayer,
  commandId: number,
  command: DeviceCommand,
  clearCache: () => Promise<string> = () => clearStorage((name) => name.startsWith('vitrine-player-')),
): Promise<void> {
  try {
    const { result, thenReload } = await perform(player, commandId, command, clearCache);
    player.ack(commandId, true, result);
    if (thenReload) setTimeout(() => player.reload(), LEAVE_MS);
  } catch (error) {
    player.ack(commandId, false, error instanceof Error ? error.message : String(error));
  }
}
