import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ExportRow, type PlaybackLogRow, type PlaybackSummary, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { i18n } from '../../../lib/i18n';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { dailySeries } from '../components/PlaybackSummaryPanel';
import { formatPlayTime, periodOf, periodQuery } from '../period';
import { ExportPage } from './ExportPage';
import { PlaybackLogPage } from './PlaybackLogPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const ALL = ['statistics:play-back-logs', 'statistics:export:list', 'notice:error-content-logs'];

const row = (overrides: Partial<PlaybackLogRow> = {}): PlaybackLogRow => ({
  uuid: '9b2f0d5e-1f5c-4a55-9a4e-0f0e8c1d2a31',
  device_id: 5,
  device_name: 'Lobby screen',
  content_id: 11,
  content_name: 'Spring sale.png',
  content_type: 1,
  schedule_id: 3,
  schedule_name: 'Morning',
  started_at: '2026-11-20T08:00:00.000Z',
  duration_ms: 12_500,
  ...overrides,
});

const SUMMARY: PlaybackSummary = {
  plays: 1234,
  duration_ms: 3_725_000,
  devices: 2,
  contents: 3,
  top: [
    { id: 11, name: 'Spring sale.png', content_type: 1, plays: 900, duration_ms: 9_000_000 },
    { id: null, name: null, content_type: null, plays: 334, duration_ms: 1000 },
  ],
  days: [],
};

const exportRow = (overrides: Partial<ExportRow> = {}): ExportRow => ({
  id: 7,
  format: 'xlsx',
  state: 'done',
  progress: 100,
  row_count: 1234,
  file_name: 'playback-log-20261120-0800.xlsx',
  size: 2048,
  filters: { device_id: 5, days: 7, tz: 'UTC' },
  filter_names: { device: 'Lobby screen', content: null, schedule: null },
  created_at: '2026-11-20T08:00:00.000Z',
  finished_at: '2026-11-20T08:00:05.000Z',
  ...overrides,
});

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ALL);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
  await i18n.changeLanguage('en');
});

describe('statistics period', () => {
  it('reads the period from the address, the last 7 days unless told otherwise', () => {
    expect(periodOf({})).toEqual({ kind: 'days', days: 7 });
    expect(periodOf({ days: '30' })).toEqual({ kind: 'days', days: 30 });
    expect(periodOf({ days: 5 })).toEqual({ kind: 'days', days: 7 });
    expect(periodOf({ from: '2026-11-20', to: '2026-11-01' })).toEqual({
      kind: 'range',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(periodOf({ days: 14, from: 'monday', to: '2026-11-01' })).toEqual({ kind: 'days', days: 14 });
    const range = periodQuery({ kind: 'range', from: '2026-11-01', to: '2026-11-02' });
    expect(Date.parse(range.to as string) - Date.parse(range.from as string)).toBe(2 * 86_400_000 - 1);
  });

  it('shows play time in seconds, then minutes and hours, and fills every day of the period', () => {
    expect(formatPlayTime(12_500)).toBe('12.5 s');
    expect(formatPlayTime(3_725_000)).toBe('1:02:05');
    const series = dailySeries({ kind: 'range', from: '2026-11-01', to: '2026-11-03' }, [
      { date: '2026-11-02', plays: 4, duration_ms: 10 },
    ]);
    expect(series.map((day) => [day.date, day.plays])).toEqual([
      ['2026-11-01', 0],
      ['2026-11-02', 4],
      ['2026-11-03', 0],
    ]);
  });
});

describe('PlaybackLogPage', { timeout: 60_000 }, () => {
  it('lists playbacks with names and totals, its filters in the address and sent to the server', async () => {
    mockApi({
      'GET /manager/statistics/playback-log': () =>
        ok({
          list: [
            row(),
            row({
              uuid: 'b',
              content_id: null,
              content_name: null,
              content_type: null,
              schedule_id: null,
              schedule_name: null,
            }),
          ],
          total: 2,
        }),
      'GET /manager/statistics/playback-log/summary': () => ok(SUMMARY),
      'GET /manager/statistics/choices': () =>
        ok({ list: [{ id: 5, name: 'Lobby screen', content_type: null }] }),
    });
    await renderPage(
      <PlaybackLogPage />,
      '/statistics/playback-log?device_id=5&days=14',
      '/statistics/playback-log',
    );
    const first = (await screen.findByText('Spring sale.png', { selector: 'td span' }, slow)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(first).getByText('Image')).toBeTruthy();
    expect(within(first).getByText('Morning')).toBeTruthy();
    expect(within(first).getByText('12.5 s')).toBeTruthy();
    const second = screen.getByText('Default content').closest('tr') as HTMLElement;
    expect(within(second).getByText('Built-in item')).toBeTruthy();
    // Totals and the top list.
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('1:02:05')).toBeTruthy();
    expect(screen.getByText('900 plays')).toBeTruthy();
    // Fourteen day bars.
    expect(document.querySelectorAll('.statistics-chart-column')).toHaveLength(14);
    const sent = queriesTo('/manager/statistics/playback-log').at(-1) as URLSearchParams;
    expect(sent.get('device_id')).toBe('5');
    expect(sent.get('days')).toBe('14');
    const summary = queriesTo('/manager/statistics/playback-log/summary').at(-1) as URLSearchParams;
    expect(summary.get('group')).toBe('content');
    expect(summary.get('tz')).toBeTruthy();

    fireEvent.click(screen.getByText('Last 30 days'));
    await waitFor(() => expect(queriesTo('/manager/statistics/playback-log').at(-1)?.get('days')).toBe('30'));
    fireEvent.click(screen.getByText('Devices', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(queriesTo('/manager/statistics/playback-log/summary').at(-1)?.get('group')).toBe('device'),
    );
  });

  it('opens the export page with its filters', async () => {
    mockApi({
      'GET /manager/statistics/playback-log': () => ok({ list: [], total: 0 }),
      'GET /manager/statistics/playback-log/summary': () => ok({ ...SUMMARY, top: [], plays: 0 }),
      'GET /manager/statistics/choices': () => ok({ list: [] }),
    });
    await renderPage(
      <PlaybackLogPage />,
      '/statistics/playback-log?content_id=11&days=30',
      '/statistics/playback-log',
    );
    expect((await screen.findAllByText('No playbacks in this period', {}, slow)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/statistics/export?content_id=11&days=30&create=1',
    );
  });

  it('speaks Arabic (the shell sets right to left; the page uses logical sides only)', async () => {
    mockApi({
      'GET /manager/statistics/playback-log': () => ok({ list: [row()], total: 1 }),
      'GET /manager/statistics/playback-log/summary': () => ok(SUMMARY),
      'GET /manager/statistics/choices': () => ok({ list: [] }),
    });
    await renderPage(<PlaybackLogPage />, '/statistics/playback-log', '/statistics/playback-log');
    await i18n.changeLanguage('ar');
    expect(await screen.findByText('آخر 7 يومًا', {}, slow)).toBeTruthy();
    expect(screen.getByText('صورة')).toBeTruthy();
  });
});

describe('ExportPage', { timeout: 60_000 }, () => {
  it('lists exports with progress, polls while one runs, downloads and deletes', async () => {
    let running = true;
    const api = mockApi({
      'GET /manager/statistics/export': () =>
        ok({
          list: [
            running
              ? exportRow({
                  id: 8,
                  state: 'running',
                  progress: 40,
                  row_count: null,
                  size: null,
                  file_name: 'playback-log-b.csv',
                  format: 'csv',
                })
              : exportRow({ id: 8, file_name: 'playback-log-b.csv', format: 'csv' }),
            exportRow(),
          ],
          total: 2,
        }),
      'DELETE /manager/statistics/export/7': () => ok(null),
    });
    await renderPage(
      <>
        <ConfirmHost />
        <ExportPage />
      </>,
      '/statistics/export',
    );
    const busy = (await screen.findByText('playback-log-b.csv', {}, slow)).closest('tr') as HTMLElement;
    expect(within(busy).getByText('Running')).toBeTruthy();
    expect(within(busy).getByText('40%')).toBeTruthy();
    expect((within(busy).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    const done = screen.getByText('playback-log-20261120-0800.xlsx').closest('tr') as HTMLElement;
    expect(within(done).getByText('Device: Lobby screen')).toBeTruthy();
    expect(within(done).getByText('Last 7 days')).toBeTruthy();
    expect(within(done).getByText('1,234')).toBeTruthy();
    // The list asks again while an export runs, and stops once none does.
    running = false;
    await waitFor(() => expect(within(busy).queryByText('Done')).toBeTruthy(), { timeout: 6000 });
    const asked = api.callsTo('GET /manager/statistics/export').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.callsTo('GET /manager/statistics/export').length).toBe(asked);

    fireEvent.click(within(done).getByRole('button', { name: 'Delete' }));
    const dialog = (await screen.findByText(/Delete the export/)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/statistics/export/7')).toHaveLength(1));
  });

  it('starts an export with the filters passed in the address and the chosen format', async () => {
    const api = mockApi({
      'GET /manager/statistics/export': () => ok({ list: [], total: 0 }),
      'GET /manager/statistics/choices': () =>
        ok({ list: [{ id: 11, name: 'Spring sale.png', content_type: 1 }] }),
      'POST /manager/statistics/export': () => ok(exportRow({ state: 'queued', progress: 0 })),
    });
    await renderPage(
      <ExportPage />,
      '/statistics/export?content_id=11&days=30&create=1',
      '/statistics/export',
    );
    const dialog = (await screen.findByText('Start export', {}, slow)).closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('Spring sale.png')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('CSV'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(api.callsTo('POST /manager/statistics/export')).toHaveLength(1));
    expect(api.callsTo('POST /manager/statistics/export')[0].body).toMatchObject({
      content_id: 11,
      days: 30,
      format: 'csv',
    });
    await waitFor(() => expect(notices).toHaveBeenCalled());
  });

  it('shows the server’s refusal in the dialog', async () => {
    mockApi({
      'GET /manager/statistics/export': () => ok({ list: [], total: 0 }),
      'GET /manager/statistics/choices': () => ok({ list: [] }),
      'POST /manager/statistics/export': () => ({
        code: 400001,
        msg: 'A date range can span at most 366 days',
      }),
    });
    await renderPage(<ExportPage />, '/statistics/export', '/statistics/export');
    fireEvent.click(await screen.findByRole('button', { name: /New export/ }, slow));
    const dialog = (await screen.findByText('Start export')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    expect(await within(dialog).findByText('A date range can span at most 366 days')).toBeTruthy();
  });
});
