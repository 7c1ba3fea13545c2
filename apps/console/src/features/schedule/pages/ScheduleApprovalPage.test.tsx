import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { scheduleDetail } from '../../../test/schedule';
import { signInAs } from '../../../test/team';
import { ScheduleApprovalPage } from './ScheduleApprovalPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const PENDING = scheduleDetail({ state: 'pending', status: 0, ntc: true });
const AUDITS = [
  { id: 1, action: 'create', user_name: 'grace', reason: null, created_at: '2026-11-01T09:00:00.000Z' },
  { id: 2, action: 'submit', user_name: 'grace', reason: null, created_at: '2026-11-01T09:05:00.000Z' },
  { id: 3, action: 'reject', user_name: 'ada', reason: 'Wrong logo', created_at: '2026-11-01T10:00:00.000Z' },
  { id: 4, action: 'submit', user_name: 'grace', reason: null, created_at: '2026-11-02T09:00:00.000Z' },
];

function server(detail = PENDING, extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/schedule/31': () => ok(detail),
    'GET /manager/schedule/31/audits': () => ok({ list: AUDITS }),
    ...extra,
  });
}

const page = (url = '/schedule/audits/31') =>
  renderPage(
    <>
      <ConfirmHost />
      <ScheduleApprovalPage />
    </>,
    url,
    '/schedule/audits/:id',
  );

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['schedule', 'schedule:list', 'schedule:audit']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('ScheduleApprovalPage', { timeout: 60_000 }, () => {
  it('shows the schedule: facts, time frames, content, devices with their push status, and its history', async () => {
    server();
    await page();
    expect(await screen.findByText('Morning menu', {}, slow)).toBeTruthy();
    expect(screen.getByText('Needs your approval')).toBeTruthy();
    expect(screen.getByText('Unconfirmed')).toBeTruthy();
    expect(screen.getByText('Does not play on holidays')).toBeTruthy();
    expect(screen.getByText('08:00 – 12:00')).toBeTruthy();
    expect(screen.getByText('Every week on Mon, Wed, Fri')).toBeTruthy();
    const coffee = screen.getByText('Coffee.mp4').closest('tr') as HTMLElement;
    expect(within(coffee).getByText('1:35')).toBeTruthy();
    const lobby = screen.getByText('Lobby screen').closest('tr') as HTMLElement;
    expect(within(lobby).getByText('ABC123')).toBeTruthy();
    expect(within(lobby).getByText('Asia/Tokyo')).toBeTruthy();
    expect(within(lobby).getByText('Pushed')).toBeTruthy();
    const bar = screen.getByText('Bar screen').closest('tr') as HTMLElement;
    expect(within(bar).getByText('UTC')).toBeTruthy();
    expect(within(bar).getByText('Push failed')).toBeTruthy();
    // Why: the screen had no room for the media (spec 001 §8).
    expect(await within(bar).findByText('The device has insufficient storage')).toBeTruthy();
    expect(within(lobby).queryByText('The device has insufficient storage')).toBeNull();
    expect(await screen.findAllByText('Submitted for approval')).toHaveLength(2);
    expect(screen.getByText('Reason: Wrong logo')).toBeTruthy();
    expect(screen.getByText('Devices (2)')).toBeTruthy();
  });

  it('approves after confirming, and opens the preview', async () => {
    const api = server(PENDING, {
      'POST /manager/schedule/31/approve': () => ok(scheduleDetail({ state: 'approved' })),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Approve/ }, slow));
    const dialog = (await screen.findByText(/Approve “Morning menu”\?/)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule/31/approve')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET /manager/schedule/31/audits').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/schedule/view/31');
  });

  it('follows a push under way until the device has fetched the schedule', async () => {
    const approved = scheduleDetail({ state: 'approved' });
    const pushing = {
      ...approved,
      devices: approved.devices.map((device) => ({ ...device, push_status: 'pending' as const })),
    };
    let answers = 0;
    const api = server(approved, {
      'GET /manager/schedule/31': () => ok(++answers === 1 ? pushing : approved),
    });
    await page();
    const lobby = async () =>
      (await screen.findByText('Lobby screen', {}, slow)).closest('tr') as HTMLElement;
    expect(within(await lobby()).getByText('Pushing')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          within(screen.getByText('Lobby screen').closest('tr') as HTMLElement).getByText('Pushed'),
        ).toBeTruthy(),
      slow,
    );
    expect(api.callsTo('GET /manager/schedule/31')).toHaveLength(2);
  });

  it('offers no decision on a schedule that does not wait for the caller', async () => {
    server(scheduleDetail());
    await page();
    await screen.findByText('Morning menu', {}, slow);
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
  });
});
