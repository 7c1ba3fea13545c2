import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { getSession, signIn } from '../../../lib/session';
import { userInfo } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { ProfilePage } from './ProfilePage';

const info = userInfo({
  customer_id: 1,
  company_id: 2,
  company_name: 'Acme Signage',
  group_id: 3,
  group_name: 'Lobby screens',
  timezone: 'UTC',
  week_start: 'sunday',
  login_times: 3,
});

const notices = vi.fn();

beforeEach(() => {
  registerNotifier({ open: notices });
  signIn({ token: 't', role: { role_id: 6, name: 'owner' }, info, permissions: [], config: null as never });
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

/** Opens an Ant Design select by its id and picks the option with this title. */
async function choose(id: string, title: string) {
  fireEvent.mouseDown(document.getElementById(id)!);
  fireEvent.click(await screen.findByTitle(title));
}

describe('ProfilePage', () => {
  it('shows the account and saves the names', async () => {
    const api = mockApi({
      'GET /manager/account/user-center/info': () => ok(info),
      'POST /manager/account/user-center/update': (body) => ok({ ...info, ...(body as object) }),
    });
    await renderPage(<ProfilePage />, '/profile/info');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    fireEvent.change(document.getElementById('nickname')!, { target: { value: ' Countess ' } });
    fireEvent.click(document.getElementById('saveProfile')!);
    await waitFor(() => expect(getSession().user?.nickname).toBe('Countess'));
    expect(api.callsTo('POST /manager/account/user-center/update')[0].body).toEqual({
      username: 'ada',
      nickname: 'Countess',
    });
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Your changes have been saved.' }));
  });

  it('saves each preference with its own call and keeps the session user in step', async () => {
    const api = mockApi({
      'GET /manager/account/user-center/info': () => ok(info),
      'POST /manager/sys/date/format': () => ok(),
      'POST /manager/sys/time/format': () => ok(),
      'POST /manager/sys/off-site-login-alarm': () => ok(),
      'POST /manager/sys/power-mail': () => ok(),
    });
    await renderPage(<ProfilePage />, '/profile/info');
    await screen.findByText('ada@example.com');

    await choose('dateFormat', 'YYYY-MM-DD');
    await waitFor(() => expect(getSession().user?.date_format).toBe('YYYY-MM-DD'));
    expect(api.callsTo('POST /manager/sys/date/format')[0].body).toEqual({ date_format: 'YYYY-MM-DD' });

    await choose('timeFormat', 'hh:mm A');
    await waitFor(() => expect(getSession().user?.time_format).toBe('hh:mm A'));
    expect(screen.getByText(/^Now: \u2066\d{2}:\d{2} (AM|PM)\u2069$/)).toBeTruthy();

    fireEvent.click(document.getElementById('offSiteLoginAlarm')!);
    await waitFor(() => expect(getSession().user?.user_off_site_login_alarm).toBe(true));
    expect(api.callsTo('POST /manager/sys/off-site-login-alarm')[0].body).toEqual({
      user_off_site_login_alarm: true,
    });

    expect(screen.getByText('Power on/off mails')).toBeTruthy();
    fireEvent.click(document.getElementById('powerMail')!);
    await waitFor(() => expect(getSession().user?.user_power_mail).toBe(true));
    expect(api.callsTo('POST /manager/sys/power-mail')[0].body).toEqual({ user_power_mail: true });
    expect(notices).toHaveBeenCalledTimes(4);
  });
});
