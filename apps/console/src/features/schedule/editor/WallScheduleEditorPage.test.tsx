import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Role, type ScheduleDetail, type VideoWallContentItem, type VideoWallItem } from '@vitrine/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { ScheduleEditorPage } from './ScheduleEditorPage';
import { WallScheduleEditorPage } from './WallScheduleEditorPage';

// The calendar itself (FullCalendar) is not drawn in happy-dom.
vi.mock('./FrameCalendar', () => {
  const Stub = () => <div />;
  return { default: Stub, FrameCalendar: Stub };
});

const slow = { timeout: 15_000 };
const STAMP = '2026-03-01T10:00:00.000Z';

const cell = (row: number, column: number, id: number) => ({
  row,
  column,
  device_id: id,
  device_name: `Screen ${id}`,
  signage_id: `SIG${id}`,
  online: true,
});

const WALL: VideoWallItem = {
  id: 5,
  name: 'Lobby wall',
  group_id: 11,
  group_name: 'Main',
  orientation: 'landscape',
  rows: 2,
  columns: 2,
  screen_width_mm: 1210,
  screen_height_mm: 680,
  bezel_top_mm: 1.5,
  bezel_right_mm: 2,
  bezel_bottom_mm: 1.5,
  bezel_left_mm: 2,
  // Out of order on purpose: the schedule names them row by row.
  cells: [cell(1, 1, 44), cell(0, 0, 41), cell(0, 1, 42), cell(1, 0, 43)],
  created_at: STAMP,
  updated_at: STAMP,
};

const LAID: VideoWallContentItem = {
  id: 9,
  name: 'Ocean across',
  wall_id: WALL.id,
  wall_name: WALL.name,
  rows: 2,
  columns: 2,
  content_id: 12,
  content_name: 'Ocean.mp4',
  content_type: 2,
  playlist_id: null,
  playlist_name: null,
  fit: 'cover',
  thumbnail_url: null,
  creator_name: 'ada',
  created_at: STAMP,
  updated_at: STAMP,
};

function saved(overrides: Partial<ScheduleDetail> = {}): ScheduleDetail {
  return {
    id: 70,
    name: 'Lobby loop',
    type: 'video_wall',
    state: 'draft',
    status: null,
    ntc: false,
    reviewer_id: null,
    reviewer_name: null,
    priority: 5,
    start_date: '2099-03-02',
    end_date: '2099-03-31',
    spot: null,
    device_count: 4,
    push: { pending: 0, success: 0, failed: 0, retried: 0 },
    reject_reason: null,
    workspace_id: 11,
    creator_id: 7,
    creator_name: 'ada',
    created_at: STAMP,
    updated_at: STAMP,
    approved_at: null,
    exclude_holidays: true,
    sensor: null,
    frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    items: [],
    program: { id: LAID.id, name: LAID.name, wall_id: WALL.id },
    devices: [41, 42, 43, 44].map((id) => ({
      device_id: id,
      name: `Screen ${id}`,
      signage_id: `SIG${id}`,
      orientation: 0,
      timezone: null,
      push_status: null,
      push_reason: null,
      pushed_at: null,
    })),
    ...overrides,
  };
}

function server(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /manager/video-wall-content': () => ok({ list: [LAID], total: 1 }),
    'GET /manager/video-wall-content/walls': () => ok({ list: [WALL], total: 1 }),
    'GET /manager/schedule': () => ok({ list: [], total: 0 }),
    ...extra,
  });
}

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.owner, ['schedule', 'schedule:add', 'schedule:info', 'schedule:list', 'res:videowall:list']);
});

describe('WallScheduleEditorPage', { timeout: 120_000 }, () => {
  it('plays the chosen wall content on every screen of its wall, row by row', async () => {
    const api = server({
      'POST /manager/schedule': (body) => ok(saved({ ...(body as object), id: 81 })),
    });
    await renderPage(<WallScheduleEditorPage />, '/schedule/videowall', '/schedule/videowall/:id?');
    // Nothing chosen yet: the save names what is missing.
    fireEvent.click(await screen.findByRole('button', { name: 'Save as draft' }, slow));
    expect(await screen.findByText('Select at least one content', {}, slow)).toBeTruthy();

    // The select is named by its label (axe: a form field has a label).
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Wall content' }));
    fireEvent.click(await screen.findByText('Ocean across · Lobby wall', {}, slow));
    expect(await screen.findByText('Plays on the 4 screens of the wall Lobby wall', {}, slow)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Schedule name' }), {
      target: { value: 'Lobby loop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule')).toHaveLength(1), slow);
    expect(api.callsTo('POST /manager/schedule')[0]?.body).toMatchObject({
      name: 'Lobby loop',
      type: 'video_wall',
      device_ids: [41, 42, 43, 44],
      items: [],
      program_id: LAID.id,
      frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
      submit: false,
    });
  });

  it('opens a saved video-wall schedule from the edit path, and shows the server’s refusal with the wall content', async () => {
    const api = server({
      'GET /manager/schedule/70': () => ok(saved()),
      'PUT /manager/schedule/70': () => ({
        code: 400001,
        msg: 'Screen 44: The device orientation must match the wall’s orientation',
        data: { field: 'device_ids', device_ids: [44] },
      }),
    });
    await renderPage(<ScheduleEditorPage />, '/schedule/edit/70', '/schedule/edit/:id');
    expect(await screen.findByText('Plays on the 4 screens of the wall Lobby wall', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/schedule/70')).toHaveLength(1), slow);
    expect(
      await screen.findByText(
        'Screen 44: The device orientation must match the wall’s orientation',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(api.callsTo('PUT /manager/schedule/70')[0]?.body).toMatchObject({
      type: 'video_wall',
      program_id: LAID.id,
      device_ids: [41, 42, 43, 44],
    });
  });
});
