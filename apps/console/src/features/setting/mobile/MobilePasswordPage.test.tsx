import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { getSession, signIn } from '../../../lib/session';
import { loginResult } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { MobilePasswordPage } from './MobilePasswordPage';

const CHECK = 'POST /manager/account/user-center/check-old-pwd';
const CHANGE = 'POST /manager/account/user-center/reset-pwd';
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submitButton = async () => (await screen.findByRole('button', { name: 'Submit' })) as HTMLButtonElement;

beforeEach(() => {
  window.history.replaceState(null, '', '/setting/reset-pwd');
  signIn(loginResult());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  registerNotifier(null);
});

describe('MobilePasswordPage', () => {
  it('checks the old password on blur and refuses a wrong one', async () => {
    const api = mockApi({ [CHECK]: () => ok({ result: false }) });
    await renderPage(<MobilePasswordPage />, '/setting/reset-pwd');
    await submitButton();
    type('oldPassword', 'wrong-pass1!');
    expect(api.callsTo(CHECK)).toHaveLength(0);
    fireEvent.blur(field('oldPassword'));
    expect(await screen.findByText('Old password is error')).toBeTruthy();
    expect(api.callsTo(CHECK)[0].body).toEqual({ old_password: 'wrong-pass1!' });
    expect((await submitButton()).disabled).toBe(true);
  });

  it('holds the new password to the rules', async () => {
    mockApi({});
    await renderPage(<MobilePasswordPage />, '/setting/reset-pwd');
    await submitButton();
    type('newPassword', 'abcdefgh1');
    expect(
      await screen.findByText(
        'Password must include a combination of letters, numbers, and special characters.',
      ),
    ).toBeTruthy();
    type('newPassword', 'Abcdefg1!');
    type('confirmPassword', 'Abcdefg1?');
    expect(await screen.findByText('Two entries do not match')).toBeTruthy();
  });

  it('changes the password, says so, then signs out to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const notices = vi.fn();
    registerNotifier({ open: notices });
    const api = mockApi({ [CHECK]: () => ok({ result: true }), [CHANGE]: () => ok() });
    await renderPage(<MobilePasswordPage />, '/setting/reset-pwd');
    const submit = await submitButton();
    type('oldPassword', 'Old-pass1!');
    fireEvent.blur(field('oldPassword'));
    type('newPassword', 'New-pass1!');
    type('confirmPassword', 'New-pass1!');
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'success',
          description: 'Password changed successfully. Please proceed to login.',
        }),
      ),
    );
    expect(api.callsTo(CHANGE)[0].body).toEqual({
      password: 'New-pass1!',
      confirm_password: 'New-pass1!',
      old_password: 'Old-pass1!',
    });
    expect(getSession().token).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2100);
    });
    expect(getSession().token).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });
});
