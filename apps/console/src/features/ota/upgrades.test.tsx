import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OtaDeviceItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/session';
import { mockApi, ok, renderPage } from '../../test/render';
import { queriesTo, signInAs } from '../../test/team';
import { UpgradeTips } from './components/UpgradeTips';
import { otaDotSources } from './dots';
import { DeviceOtaPage } from './pages/DeviceOtaPage';

// The upgrade list, the OTA dots and the upgrade-tips panel against a stubbed server.

const slow = { timeout: 15_000 };
const device = (overrides: Partial<OtaDeviceItem> = {}): OtaDeviceItem => ({
  device_id: 7,
  signage_id: 'AB12CD',
  device_name: 'Lobby',
  model_id: 4,
  model_name: 'Lobby 55',
  system_version: '1.21.13 build 250626 Release',
  online: true,
  newest_version: '2.0.0-beta.1',
  newest_package_id: 3,
  upgrade_state: null,
  ...overrides,
});
const counted = (count: number) => () => ok({ upgradable_device_count: count });

beforeEach(() => signInAs(Role.owner, ['device', 'device:ota:list']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.removeItem(STORAGE_KEYS.otaTips);
});

describe('DeviceOtaPage', { timeout: 30_000 }, () => {
  it('lists each device’s version and newest compatible one, versions isolated, and filters the upgradable', async () => {
    mockApi({
      'GET /manager/ota/device': () =>
        ok({
          list: [
            device(),
            device({
              device_id: 8,
              device_name: 'Hall',
              newest_version: null,
              online: false,
              system_version: null,
            }),
          ],
          total: 2,
          total_capped: false,
        }),
    });
    await renderPage(<DeviceOtaPage />, '/device/ota');
    const row = (await screen.findByText('\u20662.0.0-beta.1\u2069', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('\u20661.21.13 build 250626 Release\u2069')).toBeTruthy();
    expect(within(row).getByText('Online')).toBeTruthy();
    const hall = screen.getByText('Hall').closest('tr') as HTMLElement;
    expect(within(hall).getByText('Up to date')).toBeTruthy();
    expect(within(hall).getByText('Not reported')).toBeTruthy();
    expect(screen.getByText('2 in total')).toBeTruthy();
    // No action to upgrade a selection: that needs plans.
    expect(screen.queryByRole('checkbox', { name: /select/i })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Upgradable only' }));
    await waitFor(() => expect(queriesTo('/manager/ota/device').at(-1)?.get('upgradable')).toBe('1'));
  });
});

describe('OTA dots', () => {
  it('dots the upgrade tab, the device menu and the OTA menu while the count is not zero', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = mockApi({ 'GET /manager/ota/count': counted(2) });
    const sources = otaDotSources(['device:ota:list', 'ota']);
    expect(sources.map(([path]) => path)).toEqual(['/device/ota', '/device', '/ota']);
    expect(await Promise.all(sources.map(([, source]) => source()))).toEqual([true, true, true]);
    // The dots asked at once share one call.
    expect(api.callsTo('GET /manager/ota/count')).toHaveLength(1);

    vi.setSystemTime(Date.now() + 5000);
    mockApi({ 'GET /manager/ota/count': counted(0) });
    expect(await sources[0][1]()).toBe(false);
    // A refusal shows no dot.
    vi.setSystemTime(Date.now() + 5000);
    mockApi({ 'GET /manager/ota/count': () => ({ code: 403001, msg: 'No', data: null }) });
    expect(await sources[0][1]()).toBe(false);
  });

  it('has no dots without the upgrade list’s key, and no OTA menu dot without the OTA menu', () => {
    expect(otaDotSources(['ota', 'ota:pkg:list'])).toEqual([]);
    expect(otaDotSources(['device:ota:list']).map(([path]) => path)).toEqual(['/device/ota', '/device']);
  });
});

describe('UpgradeTips', { timeout: 30_000 }, () => {
  it('says how many screens can be upgraded, links to the list, and stays closed once closed', async () => {
    mockApi({ 'GET /manager/ota/count': counted(3) });
    const first = await renderPage(<UpgradeTips />, '/device/list');
    expect(await screen.findByText('3 screens can be upgraded to a newer player', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the upgrade list' }).getAttribute('href')).toBe(
      '/device/ota?upgradable=1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the upgrade tips' }));
    await waitFor(() => expect(screen.queryByText(/can be upgraded/)).toBeNull());
    first.unmount();

    // Another page of the same session: still closed, and not asked.
    const api = mockApi({ 'GET /manager/ota/count': counted(3) });
    await renderPage(<UpgradeTips />, '/schedule/live');
    expect(screen.queryByText(/can be upgraded/)).toBeNull();
    expect(api.callsTo('GET /manager/ota/count')).toHaveLength(0);
  });

  it('shows nothing when no screen can be upgraded, or to a user without the upgrade list', async () => {
    const api = mockApi({ 'GET /manager/ota/count': counted(0) });
    await renderPage(<UpgradeTips />, '/device/list');
    await waitFor(() => expect(api.callsTo('GET /manager/ota/count')).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();

    signInAs(Role.user, ['device', 'device:dev:list']);
    const none = mockApi({ 'GET /manager/ota/count': counted(5) });
    await renderPage(<UpgradeTips />, '/device/list');
    expect(none.callsTo('GET /manager/ota/count')).toHaveLength(0);
  });
});
