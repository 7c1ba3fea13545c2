import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { getSession, signIn } from '../../../lib/session';
import { loginResult } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { MobileHomePage } from './MobileHomePage';

const customer = (permissions: string[]) =>
  signIn(
    loginResult(
      { permissions },
      {
        role_id: 2,
        role_name: 'customer',
        username: 'si admin',
        nickname: 'Grace',
        email: 'grace@signs.test',
        customer_id: 5,
        customer_name: 'Signs & Co',
        company_id: null,
        company_name: null,
      },
    ),
  );

const statistics = {
  'GET /manager/dashboard/oss-statistic': () =>
    ok({
      companies: 3,
      licensed_devices: 2,
      total_size: 0,
      used_size: 0,
      available_size: 0,
      content_size: 0,
      upload_size: 0,
      font_size: 0,
      sticker_size: 0,
    }),
  'GET /manager/dashboard/device-statistic': () =>
    ok({ total: 12, online: 9, offline: 3, unconfirmed: 0, by_status: [], by_orientation: [], by_model: [] }),
  'GET /manager/dashboard/user-statistic': () => ok({ total: 7, by_role: [], by_status: [] }),
  'GET /manager/dashboard/license-statistic': () =>
    ok({ holder: 'customer', quantity: 50, assigned: 38, available: 12, devices: 31 }),
};

async function open() {
  await renderPage(<MobileHomePage />, '/setting/home');
  await i18n.loadNamespaces(['setting-mobile', 'common']);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MobileHomePage', () => {
  it('says who is signed in: name, e-mail, role and customer', async () => {
    customer(['dashboard:data', 'setting']);
    mockApi(statistics);
    await open();
    expect(await screen.findByRole('heading', { name: 'Grace' })).toBeTruthy();
    expect(screen.getByText('\u2066grace@signs.test\u2069')).toBeTruthy();
    expect(screen.getByText('Customer (SI)')).toBeTruthy();
    expect(screen.getByText('Signs & Co')).toBeTruthy();
  });

  it("shows the customer's companies, accounts, screens on and off line, and licences", async () => {
    customer(['dashboard:data', 'setting']);
    mockApi(statistics);
    await open();
    const figures = await screen.findByRole('region', { name: 'Your figures' });
    await waitFor(() => expect(within(figures).getByText('9')).toBeTruthy());
    const figure = (title: string) => within(figures).getByText(title).closest('.ant-card') as HTMLElement;
    expect(within(figure('Companies')).getByText('3')).toBeTruthy();
    expect(within(figure('Accounts')).getByText('7')).toBeTruthy();
    expect(within(figure('Screens online')).getByText('9')).toBeTruthy();
    expect(within(figure('Screens offline')).getByText('3')).toBeTruthy();
    expect(within(figures).getByText('12 screens in all')).toBeTruthy();
    expect(within(figure('Licenses available')).getByText('12')).toBeTruthy();
    expect(within(figures).getByText('50 received')).toBeTruthy();
    expect(within(figure('Licensed screens')).getByText('31')).toBeTruthy();
  });

  it('asks for no figures without the dashboard key', async () => {
    customer(['setting']);
    const api = mockApi({});
    await open();
    await screen.findByRole('heading', { name: 'Grace' });
    expect(screen.queryByRole('region', { name: 'Your figures' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('leads to profile, password, language and the other pages the customer may open', async () => {
    customer(['dashboard:data', 'setting', 'team', 'team:user:list']);
    mockApi(statistics);
    await open();
    const account = await screen.findByRole('list', { name: 'My account' });
    const links = within(account).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/setting/profile',
      '/setting/reset-pwd',
      '/setting/set-language',
    ]);
    expect(within(account).getByText('English')).toBeTruthy();
    const pages = screen.getByRole('list', { name: 'Pages' });
    const targets = within(pages)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets).toContain('/user/list');
    expect(targets).not.toContain('/home');
    fireEvent.click(within(account).getByRole('link', { name: /Change Password/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/setting/reset-pwd');
  });

  it('signs out from its last row', async () => {
    customer(['setting']);
    const api = mockApi({ 'POST /account/logout': () => ok() });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /Sign out/ }));
    await waitFor(() => expect(getSession().token).toBeNull());
    expect(api.callsTo('POST /account/logout')).toHaveLength(1);
  });
});
