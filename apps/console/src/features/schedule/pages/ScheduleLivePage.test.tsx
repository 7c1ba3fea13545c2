import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { i18n } from '../../../lib/i18n';
import { registerNotifier } from '../../../lib/notify';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { scheduleDetail, scheduleSummary } from '../../../test/schedule';
import { queriesTo, signInAs } from '../../../test/team';
import { ScheduleLivePage } from './ScheduleLivePage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const ALL = ['schedule', 'schedule:list', 'schedule:add', 'schedule:info', 'schedule:audit'];

const LIVE = scheduleSummary({
  push: { pending: 1, success: 3, failed: 2, retried: 1 },
});
const PENDING = scheduleSummary({ id: 32, name: 'Lunch deals', state: 'pending', status: 0, ntc: true });
const REJECTED = scheduleSummary({
  id: 33,
  name: 'Night loop',
  state: 'rejected',
  status: 3,
  reject_reason: 'Wrong logo',
  push: { pending: 0, success: 0, failed: 0, retried: 0 },
});
const EXPIRED = scheduleSummary({ id: 34, name: 'Summer sale', status: 5 });
const DRAFT = scheduleSummary({
  id: 35,
  name: 'Autumn spot',
  type: 'insert',
  state: 'draft',
  status: null,
  spot: { start: '2026-11-30T12:00', minutes: 15 },
  start_date: '2026-11-30',
  end_date: '2026-11-30',
  push: { pending: 0, success: 0, failed: 0, retried: 0 },
});

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/schedule': () => ok({ list: [LIVE, PENDING, REJECTED, EXPIRED, DRAFT], total: 45 }),
    'GET /manager/device': () => ok({ list: [{ device_id: 5, device_name: 'Lobby screen' }], total: 1 }),
    ...extra,
  });
}

const page = (url = '/schedule/live') =>
  renderPage(
    <>
      <ConfirmHost />
      <ScheduleLivePage />
    </>,
    url,
    '/schedule/live',
  );

const rowOf = async (name: string) => (await screen.findByText(name, {}, slow)).closest('tr') as HTMLElement;

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ALL);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('ScheduleLivePage', { timeout: 60_000 }, () => {
  it('lists schedules with their status, push status and the ntc marker, the filters from the address', async () => {
    server();
    await page('/schedule/live?keyword=menu&state=approved&type=standard&device_id=5&page=2&ntc=1&from=tour');
    const live = await rowOf('Morning menu');
    expect(within(live).getByText('Live')).toBeTruthy();
    expect(within(live).getByText('Push failed: 2')).toBeTruthy();
    expect(within(live).getByText('Pushed: 3')).toBeTruthy();
    expect(within(live).getByText('Retried: 1')).toBeTruthy();
    expect(within(live).getByText('Pushing: 1')).toBeTruthy();
    expect(within(live).getByText('2026-11-01 – 2026-12-31')).toBeTruthy();
    const pending = await rowOf('Lunch deals');
    expect(within(pending).getByText('Unconfirmed')).toBeTruthy();
    expect(within(pending).getByText('Needs your approval').getAttribute('data-marker')).toBe('ntc');
    const rejected = await rowOf('Night loop');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Reason: Wrong logo')).toBeTruthy();
    expect(within(await rowOf('Summer sale')).getByText('Expired')).toBeTruthy();
    const draft = await rowOf('Autumn spot');
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('Spot (insert)')).toBeTruthy();
    expect(within(draft).getByText('2026-11-30 12:00, 15 min')).toBeTruthy();
    expect(screen.getByText('45 in total')).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/schedule')[0])).toEqual({
      keyword: 'menu',
      state: 'approved',
      type: 'standard',
      device_id: '5',
      ntc: 'true',
      page: '2',
      page_size: '20',
    });
  });

  it('offers the actions each state allows', async () => {
    server();
    await page();
    await rowOf('Morning menu');
    const names = (name: string) =>
      within(screen.getByText(name).closest('tr') as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(names('Morning menu')).toEqual([
      'Preview Morning menu',
      'Edit Morning menu',
      'Withdraw Morning menu',
      'Delete Morning menu',
    ]);
    expect(names('Lunch deals')).toEqual([
      'Review Lunch deals',
      'Preview Lunch deals',
      'Withdraw Lunch deals',
      'Delete Lunch deals',
    ]);
    expect(names('Night loop')).toEqual([
      'Preview Night loop',
      'Edit Night loop',
      'Submit Night loop',
      'Delete Night loop',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Review Lunch deals' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/schedule/audits/32');
  });

  it('hides approving and previewing from a user without schedule:audit, and adding from one who may only list', async () => {
    signInAs(Role.user, ['schedule', 'schedule:list']);
    server();
    await page();
    await rowOf('Lunch deals');
    expect(screen.queryByRole('button', { name: /New schedule/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review Lunch deals' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Preview Lunch deals' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Night loop' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('keeps other address parameters when a filter changes, and starts again at page 1', async () => {
    server();
    await page('/schedule/live?page=3&from=tour');
    await rowOf('Morning menu');
    const search = screen.getByRole('searchbox', { name: 'Search schedules' });
    fireEvent.change(search, { target: { value: ' lunch ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queriesTo('/manager/schedule').at(-1)?.get('keyword')).toBe('lunch'));
    expect(queriesTo('/manager/schedule').at(-1)?.get('page')).toBe('1');
  });

  it('submits a schedule and says it waits for approval, or that it is live when approval is off', async () => {
    let state: 'pending' | 'approved' = 'pending';
    const api = server({
      'POST /manager/schedule/33/submit': () => ok(scheduleDetail({ id: 33, state })),
    });
    await page();
    await rowOf('Night loop');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Night loop' }));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({
          title:
            'Scheduling successful! The advertising plans will be finalized once approved by your administrator.',
        }),
      ),
    );
    state = 'approved';
    fireEvent.click(screen.getByRole('button', { name: 'Submit Night loop' }));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Scheduling successful! The schedule is live on the chosen screens.',
        }),
      ),
    );
    expect(api.callsTo('POST /manager/schedule/33/submit')).toHaveLength(2);
  });

  it('withdraws after confirming, and deletes after DELETE is typed', async () => {
    const api = server({
      'POST /manager/schedule/31/withdraw': () => ok(scheduleDetail({ state: 'withdrawn', status: null })),
      'DELETE /manager/schedule/34': () => ok(),
    });
    await page();
    await rowOf('Morning menu');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw Morning menu' }));
    const dialog = (await screen.findByText(/Withdraw “Morning menu”\?/)).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule/31/withdraw')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Schedule withdrawn' })),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Summer sale' }));
    const input = await screen.findByPlaceholderText('DELETE');
    const confirm = within(input.closest('.ant-modal') as HTMLElement).getByRole('button', {
      name: 'Delete',
    }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/schedule/34')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Schedule deleted' })),
    );
  });

  it('reads in Arabic', async () => {
    server();
    await page();
    await rowOf('Morning menu');
    await act(() => i18n.changeLanguage('ar'));
    const live = screen.getByText('Morning menu').closest('tr') as HTMLElement;
    expect(await within(live).findByText('قيد العرض')).toBeTruthy();
    expect(within(live).getByText('فشل الإرسال: 2')).toBeTruthy();
    expect(screen.getByText('يحتاج إلى موافقتك')).toBeTruthy();
    expect(screen.getByRole('button', { name: /جدول جديد/ })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });
});
