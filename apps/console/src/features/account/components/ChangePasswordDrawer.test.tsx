import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { getSession, signIn } from '../../../lib/session';
import { mockApi, ok, renderPage } from '../../../test/render';
import { ChangePasswordDrawer } from './ChangePasswordDrawer';

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const submitButton = () => document.getElementById('changePasswordSubmit') as HTMLButtonElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

function typeOld(value: string) {
  type('oldPassword', value);
  fireEvent.blur(field('oldPassword'));
}

const open = (onClose = vi.fn()) =>
  renderPage(<ChangePasswordDrawer open onClose={onClose} />, '/profile/info');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  registerNotifier(null);
});

describe('ChangePasswordDrawer', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/profile/info');
  });

  it('opens 640 px wide from the end side: the right, or the left in a right-to-left language', async () => {
    mockApi({});
    const view = await open();
    const panel = () => document.querySelector('.ant-drawer-content-wrapper') as HTMLElement;
    expect(document.querySelector('.ant-drawer-right')).not.toBeNull();
    expect(panel().style.width).toBe('640px');
    view.unmount();
    await renderPage(
      <ConfigProvider direction="rtl">
        <ChangePasswordDrawer open onClose={vi.fn()} />
      </ConfigProvider>,
      '/profile/info',
    );
    expect(document.querySelector('.ant-drawer-left')).not.toBeNull();
  });

  it('keeps Submit disabled until the server confirms the old password', async () => {
    const api = mockApi({ 'POST /manager/account/user-center/check-old-pwd': () => ok({ result: true }) });
    await open();
    expect(screen.getByText('Change Password')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    typeOld('Old-pass1!');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(api.callsTo('POST /manager/account/user-center/check-old-pwd')[0].body).toEqual({
      old_password: 'Old-pass1!',
    });
    // An edited old password needs a new check.
    type('oldPassword', 'Old-pass2!');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
  });

  it.each([
    ['answers false', ok({ result: false })],
    ['answers with an error code', { code: 401003, msg: 'wrong' }],
  ])('shows "Old password is error" when the check %s', async (_case, answer) => {
    mockApi({ 'POST /manager/account/user-center/check-old-pwd': () => answer });
    await open();
    typeOld('wrong-pass1!');
    expect(await screen.findByText('Old password is error')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('checks only on blur: typing sets a refusal aside, even back to the refused text', async () => {
    const api = mockApi({ 'POST /manager/account/user-center/check-old-pwd': () => ok({ result: false }) });
    await open();
    typeOld('Journey-pass');
    expect(await screen.findByText('Old password is error')).toBeTruthy();
    // Mid-word: no call, no message, until the field is left again.
    type('oldPassword', 'Journey-pass1');
    type('oldPassword', 'Journey-pass');
    type('oldPassword', 'Journey-pass1');
    await waitFor(() => expect(screen.queryByText('Old password is error')).toBeNull());
    type('oldPassword', 'Journey-pass');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Old password is error')).toBeNull();
    expect(api.callsTo('POST /manager/account/user-center/check-old-pwd')).toHaveLength(1);
    fireEvent.blur(field('oldPassword'));
    expect(await screen.findByText('Old password is error')).toBeTruthy();
    expect(api.callsTo('POST /manager/account/user-center/check-old-pwd')).toHaveLength(2);
  });

  it('does not check a half-typed password when the window loses focus', async () => {
    const api = mockApi({ 'POST /manager/account/user-center/check-old-pwd': () => ok({ result: false }) });
    await open();
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    typeOld('Journey-pa');
    focus.mockRestore();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /manager/account/user-center/check-old-pwd')).toHaveLength(0);
    expect(screen.queryByText('Old password is error')).toBeNull();
  });

  it('requires the old password', async () => {
    const api = mockApi({});
    await open();
    type('oldPassword', 'x');
    type('oldPassword', '');
    fireEvent.blur(field('oldPassword'));
    expect(await screen.findByText('Please enter your old password *')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('validates the new password and its confirmation with the exact messages', async () => {
    mockApi({});
    await open();
    type('newPassword', 'x');
    type('newPassword', '');
    expect(await screen.findByText('Please input the password')).toBeTruthy();
    type('newPassword', 'Ab1!');
    expect(await screen.findByText('Passwords should be 8 or more characters in length')).toBeTruthy();
    type('newPassword', 'abcdefgh1');
    expect(
      await screen.findByText(
        'Password must include a combination of letters, numbers, and special characters.',
      ),
    ).toBeTruthy();
    type('newPassword', 'Abcdefg1!');
    type('confirmPassword', 'Abcdefg1?');
    expect(await screen.findByText('Two entries do not match')).toBeTruthy();
    type('confirmPassword', 'Abcdefg1!');
    await waitFor(() => expect(screen.queryByText('Two entries do not match')).toBeNull());
    // Changing the new password checks the confirmation again.
    type('newPassword', 'Abcdefg2!');
    expect(await screen.findByText('Two entries do not match')).toBeTruthy();
  });

  it('changes the password, says so, then signs out to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const notices = vi.fn();
    registerNotifier({ open: notices });
    signIn({
      token: 't',
      role: { role_id: 4, name: 'user' },
      info: { user_id: 1, group_id: null } as never,
      permissions: [],
      config: null as never,
    });
    const api = mockApi({
      'POST /manager/account/user-center/check-old-pwd': () => ok({ result: true }),
      'POST /manager/account/user-center/reset-pwd': () => ok(),
    });
    await open();
    typeOld('Old-pass1!');
    type('newPassword', 'New-pass1!');
    type('confirmPassword', 'New-pass1!');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());

    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'success',
          title: 'Tips',
          description: 'Password changed successfully. Please proceed to login.',
        }),
      ),
    );
    expect(api.callsTo('POST /manager/account/user-center/reset-pwd')[0].body).toEqual({
      password: 'New-pass1!',
      confirm_password: 'New-pass1!',
      old_password: 'Old-pass1!',
    });
    expect(getSession().token).toBe('t');
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(getSession().token).toBe('t');
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(getSession().token).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('clears the fields and their errors when closed', async () => {
    mockApi({ 'POST /manager/account/user-center/check-old-pwd': () => ok({ result: false }) });
    await renderPage(<Reopenable />, '/profile/info');
    typeOld('wrong-pass1!');
    type('newPassword', 'short');
    expect(await screen.findByText('Old password is error')).toBeTruthy();
    expect(await screen.findByText('Passwords should be 8 or more characters in length')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    fireEvent.click(screen.getByText('reopen'));
    await waitFor(() => expect(screen.queryByText('Old password is error')).toBeNull());
    expect(screen.queryByText('Passwords should be 8 or more characters in length')).toBeNull();
    expect(field('oldPassword').value).toBe('');
    expect(field('newPassword').value).toBe('');
    expect(submitButton().disabled).toBe(true);
  });
});

/** The drawer as the user menu holds it: closed by its own close button, opened again. */
function Reopenable() {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <ChangePasswordDrawer open={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
