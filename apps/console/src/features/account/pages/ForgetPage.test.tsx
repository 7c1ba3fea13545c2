import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderPage } from '../../../test/render';
import { ForgetPage } from './ForgetPage';

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgetPage', () => {
  it('asks for a reset mail and answers the same whether the account exists or not', async () => {
    const api = mockApi({ 'POST /account/forget-pwd': () => ok() });
    await renderPage(<ForgetPage />, '/forget');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please input the email')).toBeTruthy();
    type('email', ' ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Check your mailbox')).toBeTruthy();
    expect(screen.getByText(/If an account exists for ada@example.com/)).toBeTruthy();
    expect(api.callsTo('POST /account/forget-pwd')[0].body).toEqual({ email: 'ada@example.com' });
  });

  it('sets the new password from the mailed link, then goes to the login', async () => {
    const api = mockApi({
      'POST /account/check/forget-code': () => ok({ email: 'ada@example.com' }),
      'POST /account/reset/r1': () => ok(),
    });
    await renderPage(<ForgetPage />, '/forget?code=r1');
    expect(await screen.findByText('Set a new password for ada@example.com.')).toBeTruthy();
    type('password', 'New-pass1!');
    type('confirm_password', 'New-pass1!');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset')).toBeTruthy();
    expect(api.callsTo('POST /account/reset/r1')[0].body).toEqual({
      password: 'New-pass1!',
      confirm_password: 'New-pass1!',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'), { timeout: 3000 });
  });

  it('shows the expired-link message and offers a new link', async () => {
    mockApi({ 'POST /account/check/forget-code': () => ({ code: 400003, msg: 'from the server' }) });
    await renderPage(<ForgetPage />, '/forget?code=old');
    expect(await screen.findByText('The link has expired. Please request a new link.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeTruthy();
  });
});
