import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_NAME, ROLES, Role } from '@vitrine/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { decide } from '../../../app/guard';
import { ROUTE_TABLES } from '../../../app/route-tables';
import { i18n } from '../../../lib/i18n';
import { NOT_FOUND_PATH } from '../../../lib/paths';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { DashboardPage } from './DashboardPage';

const OWNER = [
  'dashboard:data',
  'profile:info',
  'device',
  'device:dev:list',
  'res',
  'res:image:list',
  'schedule',
  'schedule:list',
  'team',
  'team:user:list',
];
const slow = { timeout: 15_000 };

const STATISTICS = {
  'GET /manager/dashboard/device-statistic': () =>
    ok({
      total: 12,
      online: 9,
      offline: 3,
      unconfirmed: 0,
      by_status: [
        { status: 1, count: 9 },
        { status: 2, count: 3 },
      ],
      by_orientation: [{ orientation: 0, count: 12 }],
      by_model: [{ model: 'X1', count: 12 }],
    }),
  'GET /manager/dashboard/content-statistic': () =>
    ok({
      total: 4,
      total_size: 3 * 1024 * 1024,
      by_type: [{ type: 1, count: 4, size: 3 * 1024 * 1024 }],
      recycled: 1,
      recycled_size: 1024,
    }),
  'GET /manager/dashboard/schedule-statistic': () =>
    ok({
      total: 3,
      live: 2,
      upcoming: 0,
      ended: 0,
      by_state: [
        { state: 'pending', count: 1 },
        { state: 'approved', count: 2 },
      ],
      by_type: [{ type: 'standard', count: 3 }],
    }),
  'GET /manager/dashboard/user-statistic': () =>
    ok({
      total: 2,
      by_role: [
        { role_id: 6, count: 1 },
        { role_id: 4, count: 1 },
      ],
      by_status: [{ status: 1, count: 2 }],
    }),
  'GET /manager/dashboard/oss-statistic': () =>
    ok({
      companies: 1,
      licensed_devices: 2,
      total_size: 1024 ** 3,
      used_size: 3 * 1024 * 1024,
      available_size: 1024 ** 3 - 3 * 1024 * 1024,
      content_size: 3 * 1024 * 1024,
      upload_size: 0,
      font_size: 0,
      sticker_size: 0,
    }),
  'GET /manager/dashboard/license-statistic': () =>
    ok({
      holder: 'company',
      quantity: 5,
      assigned: 4,
      available: 1,
      licensed: 4,
      expiring: 3,
      expired: 2,
      unlicensed: 1,
      remind_days: 30,
      remind_from: 'default',
    }),
  'GET /manager/dashboard/ota-statistic': () =>
    ok({
      total: 12,
      upgradable: 4,
      packages: null,
      by_version: [
        { version: '1.21.13', count: 10 },
        { version: null, count: 2 },
      ],
    }),
};

const PLATFORM_LICENSES = () =>
  ok({
    holder: 'platform',
    by_type: [
      { type: 'commercial', issued: 100, available: 30, customers: 70, devices: 55 },
      { type: 'trial', issued: 20, available: 0, customers: 0, devices: 18 },
    ],
  });

beforeEach(async () => {
  signInAs(Role.owner, OWNER);
  await i18n.loadNamespaces(['home', 'common']);
});

describe('DashboardPage', () => {
  it('greets the user, shows the figures and charts, and keeps the links', async () => {
    mockApi(STATISTICS);
    await renderPage(<DashboardPage />, '/home');
    expect(await screen.findByRole('heading', { name: /Welcome, / })).toBeTruthy();
    expect(await screen.findByText('Online: ', { exact: false }, slow)).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('Waiting for approval:', { exact: false })).toBeTruthy();
    expect(screen.getByText('In the recycle bin: 1 (1.0 KB)')).toBeTruthy();
    expect(screen.getByText('3.0 MB of 1.0 GB used')).toBeTruthy();
    // The charts arrive with their library.
    expect(await screen.findByText('Screens by model', {}, slow)).toBeTruthy();
    expect(screen.getByText('Content by type')).toBeTruthy();
    expect(screen.getByText('Accounts by role')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the screens' }).getAttribute('href')).toBe('/device/list');
    expect(screen.getByRole('heading', { name: 'Where would you like to go?' })).toBeTruthy();
  });

  it('shows the player versions, isolated, and links to the upgrade list only where the user may open it', async () => {
    mockApi(STATISTICS);
    await renderPage(<DashboardPage />, '/home');
    expect(await screen.findByText('Player versions', {}, slow)).toBeTruthy();
    expect(await screen.findByText('Screens that can be upgraded', {}, slow)).toBeTruthy();
    expect(screen.getByText('\u20661.21.13\u2069', { exact: false })).toBeTruthy();
    expect(screen.getByText('Other or unknown versions', { exact: false })).toBeTruthy();
    // Packages are the platform's: an owner is not told how many.
    expect(screen.queryByText('Packages', { exact: false })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade list' })).toBeNull();
  });

  it('shows a failure with a retry, and an empty state when nothing is counted', async () => {
    let fail = true;
    const api = mockApi({
      ...STATISTICS,
      'GET /manager/dashboard/device-statistic': () =>
        fail
          ? { code: 500001, msg: 'Down' }
          : ok({
              total: 0,
              online: 0,
              offline: 0,
              unconfirmed: 0,
              by_status: [],
              by_orientation: [],
              by_model: [],
            }),
    });
    await renderPage(<DashboardPage />, '/home');
    const retries = await screen.findAllByRole('button', { name: 'Try again' }, slow);
    expect(screen.getAllByText('These figures could not be loaded.').length).toBeGreaterThan(0);
    fail = false;
    fireEvent.click(retries[0]);
    await waitFor(() =>
      expect(api.callsTo('GET /manager/dashboard/device-statistic').length).toBeGreaterThan(1),
    );
    expect((await screen.findAllByText('Nothing to count yet.', {}, slow)).length).toBeGreaterThan(0);
  });

  it('shows a company its licensed, expiring, expired and never licensed screens, linking to its licence page when allowed', async () => {
    signInAs(Role.owner, [...OWNER, 'license:company-shunt:list']);
    mockApi(STATISTICS);
    const view = await renderPage(<DashboardPage />, '/home');
    expect(await screen.findByText(/^Expiring within \u206630\u2069 days:$/, {}, slow)).toBeTruthy();
    expect(screen.getByText('Licensed screens')).toBeTruthy();
    expect(screen.getByText('Expired:', { exact: false })).toBeTruthy();
    expect(screen.getByText('Never licensed:', { exact: false })).toBeTruthy();
    expect(screen.getByText('Ready to bind:', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the licenses' }).getAttribute('href')).toBe(
      '/license/commercial-owner',
    );
    view.unmount();

    // Without the licence page's permission the card has no link.
    signInAs(Role.owner, OWNER);
    mockApi(STATISTICS);
    await renderPage(<DashboardPage />, '/home');
    await screen.findByText('Licensed screens', {}, slow);
    expect(screen.queryByRole('link', { name: 'Open the licenses' })).toBeNull();
  });

  it('shows the platform its licences issued, available, with customers and on screens, by type', async () => {
    signInAs(Role.system, [...DEFAULT_ROLE_PERMISSIONS[Role.system]]);
    mockApi({ ...STATISTICS, 'GET /manager/dashboard/license-statistic': PLATFORM_LICENSES });
    await renderPage(<DashboardPage />, '/home');
    expect(await screen.findByText('Issued', {}, slow)).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('With customers:', { exact: false })).toBeTruthy();
    expect(screen.getByText('Commercial:', { exact: false })).toBeTruthy();
    expect(screen.getByText('Trial:', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the licenses' }).getAttribute('href')).toBe(
      '/license/commercial-sy',
    );
  });

  it('speaks Arabic', async () => {
    mockApi(STATISTICS);
    await renderPage(<DashboardPage />, '/home');
    await i18n.changeLanguage('ar');
    await i18n.loadNamespaces(['home']);
    expect(await screen.findByText('نظرة عامة', {}, slow)).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  // Every link on the home page (its only way out: its buttons retry) opens a page for the role.
  it.each(ROLES.map((role) => [ROLE_NAME[role], role] as const))(
    'leads the %s role only to pages it may open',
    async (_name, role) => {
      const permissions = [...DEFAULT_ROLE_PERMISSIONS[role]];
      signInAs(role, permissions);
      mockApi(STATISTICS);
      const view = await renderPage(<DashboardPage />, '/home');
      await screen.findByText('3.0 MB of 1.0 GB used', {}, slow);
      const targets = [...view.container.querySelectorAll('a[href]')].map(
        (link) => link.getAttribute('href') ?? '',
      );
      expect(targets.length).toBeGreaterThan(0);
      const dead = targets.filter((target) => {
        const decision = decide(target, { token: 'token', permissions }, ROUTE_TABLES);
        return decision.type === 'redirect' && decision.to === NOT_FOUND_PATH;
      });
      expect(dead).toEqual([]);
    },
    slow.timeout,
  );
});
