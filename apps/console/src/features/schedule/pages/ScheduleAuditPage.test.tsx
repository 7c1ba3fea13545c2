import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { scheduleDetail, scheduleSummary } from '../../../test/schedule';
import { queriesTo, signInAs } from '../../../test/team';
import { ScheduleAuditPage } from './ScheduleAuditPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const APPROVER = ['schedule', 'schedule:list', 'schedule:audit'];
const WAITING = scheduleSummary({
  id: 32,
  name: 'Lunch deals',
  state: 'pending',
  status: 0,
  ntc: true,
  creator_name: 'grace',
});

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/schedule': () => ok({ list: [WAITING], total: 1 }),
    ...extra,
  });
}

const page = (url = '/schedule/audit') =>
  renderPage(
    <>
      <ConfirmHost />
      <ScheduleAuditPage />
    </>,
    url,
    '/schedule/audit',
  );

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, APPROVER);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('ScheduleAuditPage', { timeout: 60_000 }, () => {
  it('lists the schedules waiting for the caller’s approval, and approves one after confirming', async () => {
    const api = server({
      'POST /manager/schedule/32/approve': () => ok(scheduleDetail({ id: 32, state: 'approved' })),
    });
    await page('/schedule/audit?keyword=lunch');
    const row = (await screen.findByText('Lunch deals', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('grace')).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/schedule')[0])).toMatchObject({
      keyword: 'lunch',
      ntc: 'true',
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Approve Lunch deals' }));
    const dialog = (await screen.findByText(/Approve “Lunch deals”\?/)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule/32/approve')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Schedule approved and published' }),
      ),
    );
  });

  it('rejects with a reason, which is required', async () => {
    const api = server({
      'POST /manager/schedule/32/reject': () => ok(scheduleDetail({ id: 32, state: 'rejected', status: 3 })),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Lunch deals' }, slow));
    const dialog = (await screen.findByText('Reject “Lunch deals”')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please give a reason for the rejection')).toBeTruthy();
    expect(api.callsTo('POST /manager/schedule/32/reject')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason for the rejection'), {
      target: { value: '  Wrong logo ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule/32/reject')).toHaveLength(1));
    expect(api.callsTo('POST /manager/schedule/32/reject')[0].body).toEqual({ reason: 'Wrong logo' });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Schedule rejected' })),
    );
  });

  it('turns approval off for an owner: the setting is saved, the session follows and the list goes', async () => {
    const api = server({
      'POST /manager/schedule/config': (body) => ok(body),
    });
    await page();
    await screen.findByText('Lunch deals', {}, slow);
    const toggle = screen.getByRole('switch', { name: 'Approval required' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText("Schedules wait for an administrator's approval before they play.")).toBeTruthy();
    fireEvent.click(toggle);
    const dialog = (await screen.findAllByText('Turn approval off?'))[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule/config')).toHaveLength(1));
    expect(api.callsTo('POST /manager/schedule/config')[0].body).toEqual({ need_confirm: false });
    await waitFor(() => expect(getSession().config?.schedule_config.need_confirm).toBe(false));
    expect((await screen.findByTestId('location')).textContent).toBe('/schedule/live');
  });

  it('shows no approval switch to an approver who is not an owner or user admin', async () => {
    signInAs(Role.user, APPROVER);
    server();
    await page();
    await screen.findByText('Lunch deals', {}, slow);
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
