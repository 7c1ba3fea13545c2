import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LoginResult } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { userInfo } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { LoginPage } from './LoginPage';

const loginResult = {
  token: 'token-1',
  role: { role_id: 6, name: 'owner' },
  info: userInfo({
    customer_id: 1,
    company_id: 2,
    company_name: 'Acme Signage',
    group_id: 3,
    group_name: 'Lobby screens',
    timezone: 'UTC',
    week_start: 'sunday',
    login_times: 1,
  }),
  permissions: ['dashboard:data'],
  config: {
    customer_icon: { value: { uri: null } },
    customer_logo: { value: { uri: null } },
    customer_theme: {
      value: {
        id: 1,
        detail: {
          primary_color: '#1677ff',
          nav_nackground_color: '#001529',
          main_background_color: '#f5f5f5',
        },
      },
    },
    schedule_config: { need_confirm: false },
  },
} satisfies LoginResult;

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

function fill({ terms = true } = {}) {
  fireEvent.change(input('email'), { target: { value: 'Ada@Example.com ' } });
  fireEvent.change(input('password'), { target: { value: 'secret-1!' } });
  if (terms) fireEvent.click(input('accept_terms'));
}

const submit = () => fireEvent.click(document.getElementById('login')!);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('offers registration only while the platform keeps it open', async () => {
    mockApi({ 'GET /account/register': () => ok({ open: true }) });
    const open = await renderPage(<LoginPage />, '/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
    open.unmount();
    const api = mockApi({ 'GET /account/register': () => ok({ open: false }) });
    await renderPage(<LoginPage />, '/login');
    await waitFor(() => expect(api.callsTo('GET /account/register')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull());
  });

  it('refuses to log in until the terms are accepted', async () => {
    const api = mockApi({ 'POST /account/login': () => ok(loginResult) });
    await renderPage(<LoginPage />, '/login');
    fill({ terms: false });
    submit();
    expect(
      await screen.findByText('Please read and accept the user agreement and privacy policy.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /account/login')).toHaveLength(0);
  });

  it('shows the required-field messages of the contract', async () => {
    mockApi({});
    await renderPage(<LoginPage />, '/login');
    submit();
    expect(await screen.findByText('Please input the email')).toBeTruthy();
    expect(await screen.findByText('Please input the password')).toBeTruthy();
    fireEvent.change(input('email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('Please input the correct email format')).toBeTruthy();
  });

  it("shows the server's message for wrong credentials and ignores a second click within a second", async () => {
    const api = mockApi({
      'POST /account/login': () => ({ code: 401001, msg: 'Incorrect email or password.' }),
    });
    await renderPage(<LoginPage />, '/login');
    fill();
    submit();
    submit();
    expect(await screen.findByText('Incorrect email or password.')).toBeTruthy();
    expect(api.callsTo('POST /account/login')).toHaveLength(1);
    expect(getSession().token).toBeNull();
  });

  it('stores the session and goes to the redirect target', async () => {
    const api = mockApi({ 'POST /account/login': () => ok(loginResult) });
    await renderPage(<LoginPage />, '/login?redirect=%2Fdevice%2Flist');
    fill();
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/device/list');
    expect(api.callsTo('POST /account/login')[0].body).toEqual({
      email: 'Ada@Example.com',
      password: 'secret-1!',
      accept_terms: true,
    });
    expect(getSession().token).toBe('token-1');
    expect(getSession().user?.role_name).toBe('owner');
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it('shows a locked account and mails an unlock link', async () => {
    const api = mockApi({
      'POST /account/login': () => ({ code: 423001, msg: 'locked' }),
      'POST /account/check-lock': () => ok({ locked: true, minutes: 12 }),
      'POST /account/unlock-email': () => ok(),
    });
    await renderPage(<LoginPage />, '/login');
    fill();
    submit();
    expect(await screen.findByText('This account is locked')).toBeTruthy();
    expect(screen.getByText(/Try again in 12 min/)).toBeTruthy();
    expect(api.callsTo('POST /account/check-lock').at(-1)?.body).toEqual({ email: 'ada@example.com' });
    fireEvent.click(document.getElementById('unlockEmail')!);
    expect(await screen.findByText(/We have sent an unlock link to ada@example.com/)).toBeTruthy();
    expect(api.callsTo('POST /account/unlock-email')[0].body).toEqual({
      email: 'ada@example.com',
      act_url: '/login',
    });
  });

  it('unlocks the account from the mailed link', async () => {
    const api = mockApi({ 'POST /account/unlock/code-1': () => ok() });
    await renderPage(<LoginPage />, '/login?unlock_code=code-1');
    expect(await screen.findByText('Your account is unlocked. You can log in now.')).toBeTruthy();
    expect(api.callsTo('POST /account/unlock/code-1')).toHaveLength(1);
  });

  it('says when the unlock link has expired', async () => {
    mockApi({ 'POST /account/unlock/old': () => ({ code: 400003, msg: 'expired' }) });
    await renderPage(<LoginPage />, '/login?unlock_code=old');
    expect(await screen.findByText('The link has expired. Please request a new link.')).toBeTruthy();
  });

  it('checks the lock state when the email is left', async () => {
    mockApi({ 'POST /account/check-lock': () => ok({ locked: true, minutes: 3 }) });
    await renderPage(<LoginPage />, '/login');
    fireEvent.change(input('email'), { target: { value: 'ada@example.com' } });
    fireEvent.blur(input('email'));
    await waitFor(() => expect(screen.getByText(/Try again in 3 min/)).toBeTruthy());
  });
});
