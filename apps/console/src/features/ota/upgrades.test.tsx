import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OtaDeviceItem, type OtaLogItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../components/confirm';
import { i18n } from '../../lib/i18n';
import { registerNotifier } from '../../lib/notify';
import { STORAGE_KEYS } from '../../lib/session';
import { mockApi, ok, renderPage } from '../../test/render';
import { queriesTo, signInAs } from '../../test/team';
import { UpgradeTips } from './components/UpgradeTips';
import { otaDotSources } from './dots';
import { DeviceOtaLogPage } from './pages/DeviceOtaLogPage';
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
const notices = vi.fn();
const noticeTitles = () =>
  notices.mock.calls.map(([args]) => `${args.title ?? args.message ?? ''} ${args.description ?? ''}`.trim());

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['device', 'device:ota:list', 'setting:ota-history']);
});
afterEach(() => {
  registerNotifier(null);
  notices.mockReset();
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
    // Only the upgradable row can be selected or upgraded.
    expect((screen.getByRole('checkbox', { name: 'Select Hall' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(hall).queryByRole('button', { name: /Upgrade to/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Approved history' }).getAttribute('href')).toBe(
      '/device/ota/log',
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'Upgradable only' }));
    await waitFor(() => expect(queriesTo('/manager/ota/device').at(-1)?.get('upgradable')).toBe('1'));
  });

  const upgradePage = (extra: Parameters<typeof mockApi>[0] = {}) => {
    const api = mockApi({
      'GET /manager/ota/device': () =>
        ok({
          list: [
            device(),
            device({ device_id: 9, device_name: 'Cafe', newest_version: '2.1.0', upgrade_state: 'failed' }),
            device({ device_id: 8, device_name: 'Hall', newest_version: null, upgrade_state: 'installed' }),
          ],
          total: 3,
          total_capped: false,
        }),
      ...extra,
    });
    return {
      api,
      rendered: renderPage(
        <>
          <ConfirmHost />
          <DeviceOtaPage />
        </>,
        '/device/ota',
      ),
    };
  };

  it('upgrades the selected rows after a confirmation naming how many go to which versions', async () => {
    const { api, rendered } = upgradePage({
      'POST /manager/ota/upgrade': () =>
        ok({
          list: [
            { device_id: 7, plan_id: 1, version: '2.0.0-beta.1' },
            { device_id: 9, plan_id: 2, version: '2.1.0' },
          ],
        }),
    });
    await rendered;
    // Each device's newest approved upgrade shows its state.
    const hall = (await screen.findByText('Hall', {}, slow)).closest('tr') as HTMLElement;
    expect(within(hall).getByText('Installed')).toBeTruthy();
    expect(within(screen.getByText('Cafe').closest('tr') as HTMLElement).getByText('Failed')).toBeTruthy();

    const button = screen.getByRole('button', { name: /Upgrade \(0\)/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lobby' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cafe' }));
    fireEvent.click(screen.getByRole('button', { name: /Upgrade \(2\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Upgrade 2 devices to \u20662.0.0-beta.1\u2069, \u20662.1.0\u2069? They install at once.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() =>
      expect(api.callsTo('POST /manager/ota/upgrade')[0]?.body).toEqual({ device_ids: [7, 9] }),
    );
    await waitFor(() => expect(noticeTitles()).toContain('Upgrade approved for 2 devices'));
    // The list is asked again, and the selection is gone.
    await waitFor(() => expect(api.callsTo('GET /manager/ota/device').length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: /Upgrade \(0\)/ })).toBeTruthy();
  });

  it('upgrades one row from its action, and shows the server’s refusal', async () => {
    const refusal = 'Lobby already runs the newest player for its model: there is nothing to upgrade to';
    const { api, rendered } = upgradePage({
      'POST /manager/ota/upgrade': () => ({ code: 409005, msg: refusal, data: null }),
    });
    await rendered;
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to \u20662.0.0-beta.1\u2069' }, slow));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Upgrade 1 device to \u20662.0.0-beta.1\u2069? It installs at once.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() =>
      expect(api.callsTo('POST /manager/ota/upgrade')[0]?.body).toEqual({ device_ids: [7] }),
    );
    await waitFor(() => expect(noticeTitles().join(' ')).toContain(refusal));
    expect(noticeTitles().some((title) => title.startsWith('Upgrade approved'))).toBe(false);
  });
});

const logRow = (overrides: Partial<OtaLogItem> = {}): OtaLogItem => ({
  plan_id: 1,
  device_id: 7,
  device_name: 'Lobby',
  signage_id: 'AB12CD',
  company_name: null,
  from_version: '1.0.0',
  to_version: '2.0.0',
  state: 'installed',
  reason_code: null,
  reason_params: null,
  reason: null,
  approved_by: 'Olivia',
  approved_at: '2026-11-29T08:00:00.000Z',
  finished_at: '2026-11-29T08:05:00.000Z',
  ...overrides,
});

describe('DeviceOtaLogPage', { timeout: 30_000 }, () => {
  it('lists the approved upgrades: from → to isolated, state and reason, who approved; filters by state', async () => {
    mockApi({
      'GET /manager/ota/log': () =>
        ok({
          list: [
            logRow({
              plan_id: 2,
              device_name: 'Hall',
              state: 'failed',
              reason_code: 'not_healthy',
              reason_params: { version: '2.0.0', seconds: 60 },
              reason: 'Version 2.0.0 did not come up healthy within 60 s.',
              finished_at: null,
            }),
            logRow({ from_version: null }),
          ],
          total: 2,
        }),
    });
    await renderPage(<DeviceOtaLogPage />, '/device/ota/log?state=failed');
    const hall = (await screen.findByText('Hall', {}, slow)).closest('tr') as HTMLElement;
    const versions = (row: HTMLElement) => row.querySelector('.ota-log-versions') as HTMLElement;
    expect(versions(hall).textContent).toBe('1.0.0 → 2.0.0');
    expect([...versions(hall).querySelectorAll('bdi[dir="ltr"]')].map((bdi) => bdi.textContent)).toEqual([
      '1.0.0',
      '2.0.0',
    ]);
    expect(within(hall).getByText('Failed')).toBeTruthy();
    // The failure's code worded in the reader's language, its values isolated.
    expect(
      within(hall).getByText('Version \u20662.0.0\u2069 did not come up healthy within \u206660\u2069 s.'),
    ).toBeTruthy();
    expect(within(hall).getByText('Olivia')).toBeTruthy();
    const lobby = screen.getByText('Lobby').closest('tr') as HTMLElement;
    expect(versions(lobby).textContent).toBe('Not reported → 2.0.0');
    expect(within(lobby).getByText('Installed')).toBeTruthy();
    // An owner's rows name no company.
    expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();
    expect(queriesTo('/manager/ota/log').at(-1)?.get('state')).toBe('failed');
    // In Arabic the arrow points from the older version, on the right, to the newer one.
    await act(() => i18n.changeLanguage('ar'));
    expect(versions(hall).textContent).toBe('1.0.0 ← 2.0.0');
  });

  it('names each row’s company for the platform and sends the days chosen as moments', async () => {
    signInAs(Role.system, ['device', 'device:ota:list', 'setting:ota-history']);
    mockApi({
      'GET /manager/ota/log': () => ok({ list: [logRow({ company_name: 'Acme' })], total: 1 }),
    });
    await renderPage(<DeviceOtaLogPage />, '/device/ota/log?from=2026-11-01&to=2026-11-29');
    expect(await screen.findByText('Acme', {}, slow)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeTruthy();
    const query = queriesTo('/manager/ota/log').at(-1);
    expect(new Date(query?.get('from') as string).getDate()).toBe(1);
    expect(new Date(query?.get('to') as string).getDate()).toBe(29);
    expect(Date.parse(query?.get('to') as string)).toBeGreaterThan(Date.parse(query?.get('from') as string));
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
