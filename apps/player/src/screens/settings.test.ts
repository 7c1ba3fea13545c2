import { createHash } from 'node:crypto';
import type { PlayerState } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../i18n';
import { LOCKOUT_MS, MAX_TRIES, PinGuard } from '../lock';
import { STATE_DEFAULTS } from '../testing';
import { HOLD_MS, type SettingsContext, SettingsScreen } from './settings';

const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const LOCK = { salt, pin_sha256: createHash('sha256').update(`${salt}246810`).digest('hex') };

const state = (lock: PlayerState['lock']): PlayerState => ({
  ...STATE_DEFAULTS,
  signage_id: 'K7M2QX',
  paired: true,
  pin: null,
  pin_expires_at: null,
  device_name: 'Lobby',
  company_name: 'Acme',
  server_time: new Date().toISOString(),
  lock,
});

let now = 0;
let context: SettingsContext;
let stop: () => void;
const layer = () => document.querySelector('.settings');
const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.settings button')];
const press = (label: string) =>
  buttons()
    .find((b) => b.textContent === label)
    ?.click();
const t = translator('en');

function screenWith(lock: PlayerState['lock']) {
  context = {
    t,
    state: () => state(lock),
    info: () => ({ player_version: '1.21.13', storage_mode: 'indexeddb' }),
    server: 'http://vitrine.test:8080',
    guard: new PinGuard(() => now),
    reload: vi.fn(),
    unpair: vi.fn(),
  };
  const settings = new SettingsScreen(context);
  stop = settings.listen(window);
  return settings;
}

function enterPin(pin: string) {
  const input = document.querySelector<HTMLInputElement>('.settings input')!;
  input.value = pin;
  document.querySelector('.settings form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  return document.querySelector('.settings-error')?.textContent;
}

beforeEach(() => {
  now = 1_000_000;
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('opening the settings', () => {
  it('opens after holding the top-left corner for 3 seconds, not a short tap or elsewhere', () => {
    vi.useFakeTimers();
    screenWith(null);
    const at = (x: number, y: number) => new PointerEvent('pointerdown', { clientX: x, clientY: y });
    window.dispatchEvent(at(5, 5));
    vi.advanceTimersByTime(HOLD_MS - 100);
    window.dispatchEvent(new PointerEvent('pointerup'));
    vi.advanceTimersByTime(1_000);
    expect(layer()).toBeNull();

    window.dispatchEvent(at(window.innerWidth - 5, 5));
    vi.advanceTimersByTime(HOLD_MS);
    expect(layer()).toBeNull();

    window.dispatchEvent(at(5, 5));
    vi.advanceTimersByTime(HOLD_MS);
    expect(layer()).not.toBeNull();
  });

  it('opens with Ctrl+Alt+S and shows the screen details', () => {
    screenWith(null);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, altKey: true }));
    const text = layer()?.textContent ?? '';
    for (const shown of ['Screen settings', 'http://vitrine.test:8080', 'K7M2QX', '1.21.13', 'indexeddb']) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('Ctrl+Alt+S');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(layer()).toBeNull();
  });
});

describe('the buttons', () => {
  it('reloads, closes, and unpairs only after a confirmation', () => {
    const settings = screenWith(null);
    settings.open();
    press('Reload');
    expect(context.reload).toHaveBeenCalled();
    press('Unpair this screen');
    expect(context.unpair).not.toHaveBeenCalled();
    press('Cancel');
    press('Unpair this screen');
    press('Yes, unpair');
    expect(context.unpair).toHaveBeenCalledOnce();
    expect(layer()).toBeNull();

    settings.open();
    press('Close');
    expect(layer()).toBeNull();
  });
});

describe('the lock', () => {
  it('asks the PIN first and shows the settings for the right one', () => {
    const settings = screenWith(LOCK);
    settings.open();
    expect(layer()?.textContent).toContain('The settings are locked');
    expect(layer()?.textContent).not.toContain('K7M2QX');
    expect(enterPin('111111')).toBe('Wrong PIN.');
    enterPin('246810');
    expect(layer()?.textContent).toContain('K7M2QX');
  });

  it('makes you wait a minute after five wrong PINs', () => {
    const settings = screenWith(LOCK);
    settings.open();
    for (let i = 1; i < MAX_TRIES; i++) expect(enterPin('000000')).toBe('Wrong PIN.');
    expect(enterPin('000000')).toBe('Too many wrong tries. Wait 60 seconds.');
    now += 20_000;
    expect(enterPin('246810')).toBe('Too many wrong tries. Wait 40 seconds.');
    // Closing and opening again does not reset the wait.
    settings.close();
    settings.open();
    expect(enterPin('246810')).toBe('Too many wrong tries. Wait 40 seconds.');
    now += LOCKOUT_MS;
    enterPin('246810');
    expect(layer()?.textContent).toContain('K7M2QX');
  });

  it('speaks the screen language', () => {
    screenWith(LOCK);
    new SettingsScreen({ ...context, t: translator('ar') }).open();
    expect(layer()?.textContent).toContain('الإعدادات مقفلة');
  });
});
