import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { UserActivePage } from './UserActivePage';

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserActivePage', () => {
  it('shows the invited email, sets the password and activates', async () => {
    const api = mockApi({
      'POST /account/check/code': () => ok({ email: 'bob@example.com', username: 'Bob' }),
      'POST /account/active/c1': () => ok(),
    });
    await renderPage(<UserActivePage />, '/user/active?code=c1');
    expect(await screen.findByText('Welcome, Bob. Choose a password to activate your account.')).toBeTruthy();
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('bob@example.com');
    expect(api.callsTo('POST /account/check/code')[0].body).toEqual({ active_code: 'c1' });

    type('password', 'weakpassword');
    type('confirm_password', 'other');
    expect(
      await screen.findByText(
        'Password must include a combination of letters, numbers, and special characters.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Two entries do not match')).toBeTruthy();

    type('password', 'Strong-pass1');
    type('confirm_password', 'Strong-pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Your account is active')).toBeTruthy();
    expect(api.callsTo('POST /account/active/c1')[0].body).toEqual({
      password: 'Strong-pass1',
      confirm_password: 'Strong-pass1',
    });
  });

  it.each([
    [400002, 'Invalid link, please check the link again.'],
    [400003, 'The link has expired. Please request a new link.'],
  ])('shows the message of code %i', async (code, message) => {
    mockApi({ 'POST /account/check/code': () => ({ code, msg: 'from the server' }) });
    await renderPage(<UserActivePage />, '/user/active?code=c1');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(document.getElementById('password')).toBeNull();
  });
});
