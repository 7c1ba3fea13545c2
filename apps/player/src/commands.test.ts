import type { DeviceCommand } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CommandPlayer, clearStorage, LEAVE_MS, runCommand } from './commands';
import { DEFAULT_SETTINGS, type Settings } from './effects';

function fakePlayer() {
  let settings: Settings = { ...DEFAULT_SETTINGS };
  const player = {
    ack: vi.fn(),
    settings: () => settings,
    setSettings: vi.fn((next: Settings) => {
      settings = next;
    }),
    screenshot: vi.fn(async () => 'image/png 120 bytes'),
    identify: vi.fn(),
    refresh: vi.fn(async () => {}),
    reload: vi.fn(),
  } satisfies CommandPlayer;
  return { player, settings: () => settings };
}

const run = (player: CommandPlayer, command: DeviceCommand, clear = async () => '2 removed') =>
  runCommand(player, 9, command, clear);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runCommand', () => {
  it.each([
    [{ action: 'volume', value: 20 }, { volume: 20 }],
    [{ action: 'mute', value: true }, { mute: true }],
    [{ action: 'brightness', value: 40 }, { brightness: 40 }],
    [{ action: 'orientation', value: 270 }, { orientation: 270 }],
    [{ action: 'timezone', value: 'Asia/Tokyo' }, { timezone: 'Asia/Tokyo' }],
    [{ action: 'screenshot-interval', value: 30 }, { screenshot_interval: 30 }],
    [{ action: 'screen-off' }, { screen_on: false }],
    [{ action: 'screen-on' }, { screen_on: true }],
  ] as [DeviceCommand, Partial<Settings>][])('%o changes the settings and acks', async (command, change) => {
    const { player, settings } = fakePlayer();
    await run(player, command);
    expect(settings()).toEqual({ ...DEFAULT_SETTINGS, ...change });
    expect(player.ack).toHaveBeenCalledWith(9, true, null);
  });

  it('reboot acks first and reloads a moment later', async () => {
    const { player } = fakePlayer();
    await run(player, { action: 'reboot' });
    expect(player.ack).toHaveBeenCalledWith(9, true, null);
    expect(player.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LEAVE_MS);
    expect(player.reload).toHaveBeenCalledOnce();
  });

  it('clear-cache clears, acks with what it removed and reloads', async () => {
    const { player } = fakePlayer();
    await run(player, { action: 'clear-cache' });
    expect(player.ack).toHaveBeenCalledWith(9, true, '2 removed');
    vi.advanceTimersByTime(LEAVE_MS);
    expect(player.reload).toHaveBeenCalledOnce();
  });

  it('screenshot uploads before acking, and acks a failure with its text', async () => {
    const { player } = fakePlayer();
    await run(player, { action: 'screenshot' });
    expect(player.screenshot).toHaveBeenCalledWith(9);
    expect(player.ack).toHaveBeenCalledWith(9, true, 'image/png 120 bytes');
    player.screenshot.mockRejectedValueOnce(new Error('HTTP 413'));
    await run(player, { action: 'screenshot' });
    expect(player.ack).toHaveBeenLastCalledWith(9, false, 'HTTP 413');
  });

  it('identify flashes the ID; refresh and unpair greet again', async () => {
    const { player } = fakePlayer();
    await run(player, { action: 'identify' });
    expect(player.identify).toHaveBeenCalledOnce();
    await run(player, { action: 'refresh' });
    await run(player, { action: 'unpair' });
    expect(player.refresh).toHaveBeenCalledTimes(2);
    expect(player.ack).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(LEAVE_MS);
    expect(player.reload).not.toHaveBeenCalled();
  });
});

describe('clearStorage', () => {
  it('deletes content caches and databases, keeping the player shell', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['vitrine-player-abc', 'media'],
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    vi.stubGlobal('indexedDB', {
      databases: async () => [{ name: 'manifest' }],
      deleteDatabase: (name: string) => deleted.push(name),
    });
    expect(await clearStorage((name) => name.startsWith('vitrine-player-'))).toBe('2 removed');
    expect(deleted).toEqual(['media', 'manifest']);
    vi.unstubAllGlobals();
  });
});
