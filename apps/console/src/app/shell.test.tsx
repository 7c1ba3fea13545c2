import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { APP_VERSION, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, reloadSession, signIn } from '../lib/session';
import { loginResult, userInfo } from '../test/fixtures';
import { AppProviders } from './providers';
import { AppRouter } from './router';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 220000, msg: 'Success', data }), {
    headers: { 'Content-Type': 'application/json' },
  });

let requests: string[];

beforeEach(() => {
  reloadSession();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.endsWith('/manager/sys/config/mine')) return envelope(loginResult().config);
      if (url.endsWith('/manager/account/user-center/info')) {
        return envelope(userInfo({ ...getSession().user, nickname: 'Ada L.' }));
      }
      return envelope(null);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Pages suspend while their code and the session setup load: render inside an awaited act.
async function open(path: string) {
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(
      <AppProviders>
        <AppRouter />
      </AppProviders>,
    );
  });
}

describe('the console shell', () => {
  it('sends a visitor without a session to the login page', async () => {
    await open('/home');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(requests).toEqual([]);
  });

  it('runs the setup, then opens the home page inside the shell', async () => {
    signIn(loginResult());
    await open('/');
    // The first render compiles the shell's code in the test runner: allow it time.
    expect(await screen.findByText('Welcome, Ada L.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/home');
    expect(requests.slice(0, 2)).toEqual([
      '/backend/manager/sys/config/mine',
      '/backend/manager/account/user-center/info',
    ]);
    // An owner's top bar loads the workspace tree for its selector, the shell the storage info
    // (spec 000 §4), and the dashboard the statistics its permissions show (here: storage, and
    // the licences every holder is shown); nothing else is fetched (after two logins the tour
    // counts as done: no guide call).
    await waitFor(() => expect(requests).toContain('/backend/manager/account/workspace/select-list'));
    await waitFor(() => expect(requests).toContain('/backend/manager/sys/storage'));
    await waitFor(() => expect(requests).toContain('/backend/manager/dashboard/oss-statistic'));
    await waitFor(() => expect(requests).toContain('/backend/manager/dashboard/license-statistic'));
    expect(requests).toHaveLength(6);
    expect(screen.getByText(APP_VERSION)).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Home/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(document.title).toBe('Home · Vitrine');
    // The greeting names the company, and a card leads to every page the user may open.
    expect(screen.getByText('Ada Displays')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Personal information/ }).getAttribute('href')).toBe(
      '/profile/info',
    );
  });

  it('sends an unknown path to the not-found page', async () => {
    signIn(loginResult());
    await open('/no/such/page');
    await waitFor(() => expect(window.location.pathname).toBe('/404'));
  });

  it('sends a user without the home page to the first page they may open', async () => {
    signIn(loginResult({ permissions: ['profile:info'] }));
    await open('/home');
    await waitFor(() => expect(window.location.pathname).toBe('/profile/info'));
  });

  it('offers profile, change password and sign out in the user menu', async () => {
    signIn(loginResult());
    await open('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }));
    expect(
      await screen.findByText('Personal information', { selector: '.ant-dropdown-menu-title-content' }),
    ).toBeTruthy();
    expect(screen.getByText('Change Password')).toBeTruthy();
    fireEvent.click(screen.getByText('Sign out'));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(requests).toContain('/backend/account/logout');
  });

  it('gives the player address in the top bar to those who manage devices, and only them', async () => {
    signIn(loginResult({ permissions: ['home', 'device', 'device:dev:list'] }));
    await open('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Player' }, { timeout: 10_000 }));
    expect(await screen.findByText('Turn a screen into a player')).toBeTruthy();
    expect(screen.getByRole('link', { name: `${window.location.origin}/player` })).toBeTruthy();
  });

  it('shows no player address to a user without the device list', async () => {
    signIn(loginResult({ permissions: ['home', 'profile:info'] }));
    await open('/home');
    await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Player' })).toBeNull();
  });

  it('uses a drawer menu and a compact top bar in mobile mode', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    try {
      signIn(
        loginResult(
          { permissions: ['dashboard:data', 'profile:info', 'setting'] },
          { role_id: Role.customer, role_name: 'customer', customer_name: 'Signs & Co' },
        ),
      );
      await open('/home');
      // A customer on a phone lands on its own home, which the menu's Home entry stands for.
      await waitFor(() => expect(window.location.pathname).toBe('/setting/home'));
      expect(await screen.findByText('Signs & Co', undefined, { timeout: 10_000 })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
      fireEvent.click(await screen.findByText('Language', { selector: '.ant-dropdown-menu-title-content' }));
      await waitFor(() => expect(window.location.pathname).toBe('/setting/set-language'));
      fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 10_000 }));
      expect(await screen.findByRole('menuitem', { name: /Home/ })).toBeTruthy();
      // Customers get the simplified layout: the menu is one full-width list, no tab bar.
      expect(document.querySelector('.shell-list')).not.toBeNull();
      // The compact bar shows the language switch as an icon only.
      expect(screen.getByRole('button', { name: 'Language' }).textContent).toBe('');
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  }, 20_000);
});
