import { act, screen } from '@testing-library/react';
import { APP_VERSION, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leftToRight } from '../../../lib/bidi';
import { setLanguage } from '../../../lib/i18n';
import { commandItem, deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { DeviceDetailPage } from './DeviceDetailPage';

const slow = { timeout: 15_000 };

beforeEach(() => {
  signInAs(Role.owner, [
    'device',
    'device:dev:list',
    'device:dev:info',
    'device:timer:add',
    'workspace:tree',
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeviceDetailPage', { timeout: 30_000 }, () => {
  it('shows everything the screen reports', async () => {
    mockApi({
      'GET /manager/device/31': () =>
        ok(
          deviceItem({
            description: 'Beside the entrance',
            mac: '00:1A:2B:3C:4D:5E',
            orientation: 90,
            mute: true,
            storage_mode: 'indexeddb',
            device_model: 'Chromium 131 · Linux',
            model_id: 4,
            model_name: 'Lobby 55',
            lock_enabled: true,
            timers: {
              enabled: true,
              timers: [
                { weekday: 2, on: '09:00', off: '18:00' },
                { weekday: 1, on: '08:00', off: '20:00' },
              ],
            },
          }),
        ),
      'GET /manager/device/31/command': () => ok({ list: [] }),
    });
    await renderPage(<DeviceDetailPage />, '/device/31', '/device/:device_id');
    expect(await screen.findByRole('heading', { name: 'Lobby screen' }, slow)).toBeTruthy();
    for (const text of [
      'Beside the entrance',
      'K7MX2Q',
      leftToRight('00:1A:2B:3C:4D:5E'),
      leftToRight('1920x1080'),
      '90°',
      leftToRight('Europe/Paris'),
      '80%',
      '35%',
      'Yes',
      leftToRight(APP_VERSION),
      `${leftToRight('3 GB')} of ${leftToRight('8 GB')} used · ${leftToRight('5 GB')} free`,
      'IndexedDB (plain HTTP)',
      'Online',
      'Ada Displays',
      'Lobby 55',
      leftToRight('Chromium 131 · Linux'),
      leftToRight('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0'),
    ]) {
      expect(screen.getByText(text), text).toBeTruthy();
    }
    // The storage gauge: 3 of 8 GB used.
    expect(screen.getByRole('progressbar', { name: 'Storage' }).getAttribute('aria-valuenow')).toBe('38');
    expect(screen.getByText('Mon 08:00–20:00 · Tue 09:00–18:00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Power timer' }).getAttribute('href')).toBe('/device/timer/31');
    expect(screen.getByText('Locked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reboot' })).toBeTruthy();
    expect(screen.getByText('No screenshot yet. The Screenshot button takes one.')).toBeTruthy();
  });

  it('keeps versions in order and writes units and results in Arabic', async () => {
    const version = '1.21.13 build 250626 Release';
    mockApi({
      'GET /manager/device/31': () => ok(deviceItem({ system_version: version, orientation: 0 })),
      'GET /manager/device/31/command': () =>
        ok({
          list: [
            commandItem({
              action: 'screenshot',
              value: null,
              status: 'done',
              result: 'image/png 54125 bytes',
            }),
          ],
        }),
    });
    try {
      await renderPage(<DeviceDetailPage />, '/device/31', '/device/:device_id');
      await act(() => setLanguage('ar'));
      expect(await screen.findByText(leftToRight(version), {}, slow)).toBeTruthy();
      // 0 degrees in words of the locale, not "0°" turned round into "°0".
      expect(
        screen.getByText(
          new Intl.NumberFormat('ar', { style: 'unit', unit: 'degree', unitDisplay: 'narrow' }).format(0),
        ),
      ).toBeTruthy();
      const result = await screen.findByText((text) => text.startsWith(leftToRight('image/png')), {}, slow);
      expect(result.textContent).not.toContain('bytes');
      expect(result.textContent).toContain('، ');
      // The status and the result stand apart.
      expect(result.closest('.ant-flex')?.querySelector('.ant-tag')?.textContent).toBe('تم');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('says when the screen never told its storage', async () => {
    mockApi({
      'GET /manager/device/31': () => ok(deviceItem({ free_storage: null, storage_quota: null })),
      'GET /manager/device/31/command': () => ok({ list: [] }),
    });
    await renderPage(<DeviceDetailPage />, '/device/31', '/device/:device_id');
    expect(await screen.findByText('Cannot get device storage data', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Storage' })).toBeNull();
  });

  it('greys out what an old player cannot do, with the spec’s message, and says what an upgrade enables', async () => {
    mockApi({
      'GET /manager/device/31': () => ok(deviceItem({ system_version: '1.20.0', lock_enabled: true })),
      'GET /manager/device/31/command': () => ok({ list: [] }),
    });
    await renderPage(<DeviceDetailPage />, '/device/31', '/device/:device_id');
    const message = 'Old device versions do not support some features.';
    expect(await screen.findByText(message, {}, slow)).toBeTruthy();
    for (const name of ['Reboot', 'Screenshot', 'Screen off', 'Unpair', 'Set lock PIN', 'Remove lock']) {
      expect(screen.getByRole('button', { name }).hasAttribute('disabled'), name).toBe(true);
    }
    expect(screen.getByRole('switch', { name: 'Muted' }).hasAttribute('disabled')).toBe(true);
    // The timer is no longer a link to its page.
    expect(screen.queryByRole('link', { name: 'Power timer' })).toBeNull();
    expect(
      screen.getByText(/^Upgrading the player would enable: Volume, Mute, .*Power timer, and Security lock$/),
    ).toBeTruthy();
  });

  it('says when the device is not there', async () => {
    mockApi({});
    await renderPage(<DeviceDetailPage />, '/device/99', '/device/:device_id');
    expect(await screen.findByText('GET /manager/device/99 is not mocked', {}, slow)).toBeTruthy();
  });
});
