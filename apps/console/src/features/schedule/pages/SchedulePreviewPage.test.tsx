import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Program, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { holiday, scheduleDetail, scheduleSummary } from '../../../test/schedule';
import { queriesTo, signInAs } from '../../../test/team';
import { SchedulePreviewPage } from './SchedulePreviewPage';

vi.mock('../../program/ProgramPreview', () => ({
  ProgramPreview: ({ program }: { program: Program | undefined }) =>
    program ? <output data-testid="program">{`${program.name}: ${program.duration_ms} ms`}</output> : null,
}));

const slow = { timeout: 15_000 };
// Monday 23 November 2026, 09:00 in Tokyo.
const NOW = Date.parse('2026-11-23T00:00:00Z');
const OWN = scheduleDetail({ state: 'pending', status: 0, ntc: true });
const HAPPY_HOUR = scheduleDetail({
  id: 40,
  name: 'Coffee hour',
  priority: 8,
  exclude_holidays: false,
  frames: [{ start: '10:00', end: '11:00', rrule: 'FREQ=DAILY' }],
});

function server(detail = OWN, extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/schedule/31': () => ok(detail),
    'GET /manager/schedule/31/program': () => ok({ name: 'Morning menu', duration_ms: 110_000 }),
    'GET /manager/schedule': () => ok({ list: [scheduleSummary({ id: 40, name: 'Coffee hour' })], total: 1 }),
    'GET /manager/schedule/40': () => ok(HAPPY_HOUR),
    'GET /manager/holiday': () =>
      ok({ list: [holiday({ date: '2026-11-27', name: 'Shop closed' })], total: 1 }),
    ...extra,
  });
}

const page = () => renderPage(<SchedulePreviewPage />, '/schedule/view/31', '/schedule/view/:id');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signInAs(Role.owner, ['schedule', 'schedule:list', 'schedule:audit']);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SchedulePreviewPage', { timeout: 60_000 }, () => {
  it('draws the week of the first device on its clock, against its other schedules and the holidays', async () => {
    server();
    await page();
    expect(await screen.findByText('Preview of Morning menu', {}, slow)).toBeTruthy();
    expect(screen.getByText("Times on the screen's clock (Asia/Tokyo)")).toBeTruthy();
    // Monday, Wednesday and Friday 08:00–12:00, cut by the coffee hour (priority 8) at 10:00–11:00;
    // Friday 27 is a holiday this schedule skips.
    await waitFor(() => expect(screen.getAllByTestId('own-segment')).toHaveLength(4));
    expect(screen.getAllByTestId('other-segment')).toHaveLength(7);
    expect(screen.getAllByRole('img', { name: 'Morning menu: 08:00 – 10:00' })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: 'Morning menu: 11:00 – 12:00' })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: 'Coffee hour: 10:00 – 11:00' })).toHaveLength(7);
    const days = [...document.querySelectorAll('.schedule-week__day')].map((day) => day.textContent);
    expect(days).toHaveLength(7);
    expect(days[0]).toMatch(/11-23$/);
    expect(days[4]).toMatch(/11-27 · Holiday$/);
    expect(Object.fromEntries(queriesTo('/manager/schedule')[0])).toMatchObject({
      device_id: '5',
      state: 'approved',
    });
    // The schedule's items as the screen plays them (built by the server).
    expect((await screen.findByTestId('program')).textContent).toBe('Morning menu: 110000 ms');
    expect(queriesTo('/manager/schedule/31/program')[0].get('orientation')).toBe('0');
  });

  it('previews a playlist schedule with its playlist, and says when it does not play this week', async () => {
    server(
      scheduleDetail({
        type: 'playlist',
        items: [],
        program: { id: 41, name: 'Lobby loop' },
        start_date: '2027-01-01',
        end_date: '2027-01-31',
      }),
      {
        'GET /manager/schedule/31/program': () => ok({ name: 'Lobby loop', duration_ms: 95_000 }),
        'GET /manager/schedule': () => ok({ list: [], total: 0 }),
      },
    );
    await page();
    expect((await screen.findByTestId('program', {}, slow)).textContent).toBe('Lobby loop: 95000 ms');
    expect(
      await screen.findByText('This schedule does not play on this screen in the next 7 days.'),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('own-segment')).toHaveLength(0);
  });

  it('switches to another chosen device, its content built for its orientation', async () => {
    server(
      scheduleDetail({
        ...OWN,
        devices: OWN.devices.map((device) =>
          device.device_id === 6 ? { ...device, orientation: 90 } : device,
        ),
      }),
    );
    await page();
    await screen.findByText("Times on the screen's clock (Asia/Tokyo)", {}, slow);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Bar screen (XYZ789)'));
    expect(await screen.findByText("Times on the screen's clock (UTC)")).toBeTruthy();
    await waitFor(() => expect(queriesTo('/manager/schedule').at(-1)?.get('device_id')).toBe('6'));
    await waitFor(() =>
      expect(queriesTo('/manager/schedule/31/program').at(-1)?.get('orientation')).toBe('90'),
    );
  });
});
