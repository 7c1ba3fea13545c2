import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type LicenseRemindState, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { LicenseRemindPage } from './LicenseRemindPage';

const slow = { timeout: 15_000 };
const REMIND = '/manager/license/remind';
const STATE: LicenseRemindState = {
  settings: {
    enabled: true,
    threshold_days: 30,
    frequency_days: 7,
    user_ids: [5],
    emails: ['renewals@acme.example'],
    exempt_days: [0, 6],
    send_time: '09:00',
    updated_at: '2026-11-20T10:00:00.000Z',
  },
  covers: 'company',
  users: [
    { id: 5, username: 'Olivia', email: 'olivia@acme.example' },
    { id: 6, username: 'Sam', email: 'sam@acme.example' },
  ],
};

const notices = vi.fn();
beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['setting', 'license:renewal-reminder:set']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('LicenseRemindPage', { timeout: 30_000 }, () => {
  it('shows the saved settings and what they cover, and saves them as they are', async () => {
    const api = mockApi({
      [`GET ${REMIND}`]: () => ok(STATE),
      [`PUT ${REMIND}`]: (body) => ok({ ...STATE, settings: { ...STATE.settings, ...(body as object) } }),
    });
    await renderPage(<LicenseRemindPage />, '/setting/license-remind');
    await screen.findByText(/Reminders cover your company's screens/, {}, slow);
    expect(screen.getByText('Olivia <olivia@acme.example>')).toBeTruthy();
    expect(screen.getByText('renewals@acme.example')).toBeTruthy();
    expect((screen.getByLabelText('Sunday') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Monday') as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByLabelText('Monday'));
    fireEvent.change(screen.getByLabelText('Expiry threshold (days)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT ${REMIND}`)).toHaveLength(1));
    expect(api.callsTo(`PUT ${REMIND}`)[0].body).toEqual({
      enabled: true,
      threshold_days: 14,
      frequency_days: 7,
      user_ids: [5],
      emails: ['renewals@acme.example'],
      exempt_days: [0, 1, 6],
      send_time: '09:00',
    });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reminder settings saved' })),
    );
  });

  it('refuses a send time that is not HH:mm before sending', async () => {
    const api = mockApi({ [`GET ${REMIND}`]: () => ok({ ...STATE, covers: 'platform' }) });
    await renderPage(<LicenseRemindPage />, '/setting/license-remind');
    await screen.findByText(/every company's screens/, {}, slow);
    fireEvent.change(screen.getByLabelText('Daily send time (UTC)'), { target: { value: '9 am' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the send time as HH:mm')).toBeTruthy();
    expect(api.callsTo(`PUT ${REMIND}`)).toHaveLength(0);
  });
});
