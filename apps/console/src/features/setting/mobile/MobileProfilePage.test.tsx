import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { getSession, signIn } from '../../../lib/session';
import { loginResult, userInfo } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { MobileProfilePage } from './MobileProfilePage';

const info = userInfo({ role_id: 2, role_name: 'customer', customer_id: 5, customer_name: 'Signs & Co' });
const notices = vi.fn();

beforeEach(() => {
  registerNotifier({ open: notices });
  signIn(loginResult({}, info));
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('MobileProfilePage', () => {
  it('shows the account from the user center and saves the names', async () => {
    const api = mockApi({
      'GET /manager/account/user-center/info': () => ok(info),
      'POST /manager/account/user-center/update': (body) => ok({ ...info, ...(body as object) }),
    });
    await renderPage(<MobileProfilePage />, '/setting/profile');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Customer (SI)')).toBeTruthy();
    fireEvent.change(document.getElementById('username')!, { target: { value: ' Ada K. ' } });
    fireEvent.change(document.getElementById('nickname')!, { target: { value: 'Countess' } });
    fireEvent.click(document.getElementById('saveProfile')!);
    await waitFor(() => expect(getSession().user?.nickname).toBe('Countess'));
    expect(api.callsTo('POST /manager/account/user-center/update')[0].body).toEqual({
      username: 'Ada K.',
      nickname: 'Countess',
    });
    expect(getSession().user?.username).toBe('Ada K.');
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Your changes have been saved.' }));
  });

  it('refuses an empty username without calling the server', async () => {
    const api = mockApi({ 'GET /manager/account/user-center/info': () => ok(info) });
    await renderPage(<MobileProfilePage />, '/setting/profile');
    await screen.findByText('ada@example.com');
    fireEvent.change(document.getElementById('username')!, { target: { value: '' } });
    fireEvent.click(document.getElementById('saveProfile')!);
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(api.callsTo('POST /manager/account/user-center/update')).toHaveLength(0);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let answer = { code: 500000, msg: 'down' } as ReturnType<typeof ok>;
    mockApi({ 'GET /manager/account/user-center/info': () => answer });
    await renderPage(<MobileProfilePage />, '/setting/profile');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    answer = ok(info);
    fireEvent.click(retry);
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
  });
});
