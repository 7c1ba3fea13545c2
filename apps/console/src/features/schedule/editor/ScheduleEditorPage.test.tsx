import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContentType, Role, type ScheduleDetail, type ScheduleFrame } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { ApiError } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { registerNotifier } from '../../../lib/notify';
import { contentItem } from '../../../test/content';
import { deviceItem } from '../../../test/device';
import { playlistSummary } from '../../../test/playlist';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { sensorItem } from '../../../test/sensor';
import { queriesTo, signInAs } from '../../../test/team';
import { ScheduleEditorPage } from './ScheduleEditorPage';
import { SensorEditorPage } from './SensorEditorPage';
import { SpotEditorPage } from './SpotEditorPage';
import { refusalOf } from './server-errors';

// The calendar itself (FullCalendar) is not drawn in happy-dom: a stand-in draws a frame.
vi.mock('./FrameCalendar', () => {
  const Stub = ({
    onCreate,
    frames,
  }: {
    onCreate: (frame: ScheduleFrame) => void;
    frames: ScheduleFrame[];
  }) => (
    <div>
      <output data-testid="calendar-frames">{frames.length}</output>
      <button
        type="button"
        onClick={() => onCreate({ start: '20:00', end: '22:00', rrule: 'FREQ=WEEKLY;BYDAY=SA' })}
      >
        draw a frame
      </button>
    </div>
  );
  return { default: Stub, FrameCalendar: Stub };
});

const slow = { timeout: 15_000 };
const notices = vi.fn();
const LOBBY = deviceItem();
const TOWER = deviceItem({ device_id: 32, device_name: 'Tower', signage_id: 'TWR001', orientation: 90 });
const OLD = deviceItem({
  device_id: 33,
  device_name: 'Old box',
  signage_id: 'OLD001',
  media_types: ['image/png'],
} as Partial<ReturnType<typeof deviceItem>>);
const IMAGE = contentItem();
const VIDEO = contentItem({
  id: 12,
  name: 'Teaser.mp4',
  type: ContentType.video,
  duration: 42,
  mime: 'video/mp4',
});

function detail(overrides: Partial<ScheduleDetail> = {}): ScheduleDetail {
  return {
    id: 70,
    name: 'Spring',
    type: 'standard',
    state: 'draft',
    status: null,
    ntc: false,
    reviewer_id: null,
    reviewer_name: null,
    priority: 5,
    start_date: '2099-03-02',
    end_date: '2099-03-31',
    spot: null,
    device_count: 1,
    push: { pending: 0, success: 0, failed: 0, retried: 0 },
    reject_reason: null,
    workspace_id: 11,
    creator_id: 7,
    creator_name: 'ada',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    approved_at: null,
    exclude_holidays: true,
    sensor: null,
    frames: [{ start: '09:00', end: '18:00', rrule: 'FREQ=DAILY' }],
    items: [{ content_id: 11, name: 'Spring sale.png', type: 1, thumbnail: null, duration: 15, seconds: 15 }],
    program: null,
    devices: [
      {
        device_id: 31,
        name: 'Lobby screen',
        signage_id: 'K7MX2Q',
        orientation: 0,
        timezone: 'Europe/Paris',
        push_status: null,
        push_reason: null,
        pushed_at: null,
      },
    ],
    ...overrides,
  };
}

function library(): ReturnType<ApiHandler> {
  const type = Number(queriesTo('/manager/resource').at(-1)?.get('type'));
  const list = [IMAGE, VIDEO].filter((item) => item.type === type);
  return ok({ list, total: list.length });
}

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/device': () => ok({ list: [LOBBY, TOWER, OLD], total: 3 }),
    'GET /manager/resource': library,
    'GET /manager/schedule': () => ok({ list: [], total: 0 }),
    ...extra,
  });
}

const wizard = (url: string) =>
  renderPage(
    <>
      <ConfirmHost />
      <ScheduleEditorPage />
    </>,
    url,
    url.startsWith('/schedule/edit') ? '/schedule/edit/:id' : '/schedule/add/:id?',
  );

const next = () => fireEvent.click(document.getElementById('scheduleNext') as HTMLElement);
const pickDevice = async (name: string) =>
  fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }, slow));
const pickContent = async (name: string) =>
  fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }, slow));

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, [
    'schedule',
    'schedule:add',
    'schedule:info',
    'schedule:list',
    'res:image:list',
    'res:video:list',
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  registerNotifier(null);
  notices.mockReset();
});

describe('ScheduleEditorPage', { timeout: 120_000 }, () => {
  it('walks the tour steps and submits the schedule for approval', async () => {
    const api = server({
      'POST /manager/schedule': (body) => ok(detail({ ...(body as object), id: 80, state: 'pending' })),
    });
    await wizard('/schedule/add');
    expect(await screen.findByRole('radio', { name: /Standard/ }, slow)).toBeTruthy();
    expect(document.getElementById('scheduleType')).toBeTruthy();
    next();
    // Devices: none chosen yet.
    expect(document.getElementById('scheduleDevices')).toBeTruthy();
    next();
    expect(await screen.findByText('Select at least one device', {}, slow)).toBeTruthy();
    await pickDevice('Lobby screen');
    next();
    // Content: the images tab first.
    await waitFor(() => expect(document.getElementById('scheduleContent')).toBeTruthy(), slow);
    next();
    expect(await screen.findByText('Select at least one content', {}, slow)).toBeTruthy();
    await pickContent('Spring sale.png');
    next();
    // Duration and order: 12 seconds for the image.
    await waitFor(() => expect(document.getElementById('scheduleOrder')).toBeTruthy(), slow);
    fireEvent.change(screen.getByRole('textbox', { name: 'Seconds of Spring sale.png' }), {
      target: { value: '12' },
    });
    // Seconds, in the page's language.
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(within(document.getElementById('scheduleOrder') as HTMLElement).getByText('秒')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    next();
    // Time: a first frame (all day, every day) is there, so it plays now; the calendar draws a second.
    expect(await screen.findByTestId('calendar-frames', {}, slow)).toBeTruthy();
    expect(document.getElementById('scheduleCalendar')).toBeTruthy();
    expect(screen.getByTestId('schedule-first-play').textContent).toBe('Plays now');
    fireEvent.click(screen.getByRole('button', { name: 'draw a frame' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, slow));
    await waitFor(() => expect(screen.getAllByTestId('schedule-frame')).toHaveLength(2), slow);
    next();
    // Save: a name is suggested, the summary says it plays now; submit.
    const name = (await screen.findByRole('textbox', { name: 'Schedule name' }, slow)) as HTMLInputElement;
    expect(screen.getByTestId('schedule-first-play').textContent).toBe('Plays now');
    expect(
      screen.getByText('An administrator approves the schedule before the screens play it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and publish' })).toBeNull();
    expect(name.value).toContain('Spring sale.png');
    fireEvent.change(name, { target: { value: 'Spring week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule')).toHaveLength(1), slow);
    expect(api.callsTo('POST /manager/schedule')[0]?.body).toMatchObject({
      name: 'Spring week',
      type: 'standard',
      device_ids: [31],
      items: [{ content_id: 11, duration: 12 }],
      program_id: null,
      frames: [
        { start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' },
        { start: '20:00', end: '22:00', rrule: 'FREQ=WEEKLY;BYDAY=SA' },
      ],
      spot: null,
      submit: true,
    });
    await waitFor(
      () =>
        expect(notices).toHaveBeenCalledWith(
          expect.objectContaining({
            title:
              'Scheduling successful! The advertising plans will be finalized once approved by your administrator.',
          }),
        ),
      slow,
    );
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/schedule/live');
  });

  it('refuses a device whose orientation differs from the content, and media a device cannot play', async () => {
    server();
    await wizard('/schedule/add');
    next();
    await pickDevice('Old box');
    next();
    // The old box plays PNG only: the video is refused and not selected.
    fireEvent.click(await screen.findByRole('tab', { name: 'Videos' }, slow));
    await pickContent('Teaser.mp4');
    expect(
      await screen.findByText('Old box: The media format is incompatible with the device.', {}, slow),
    ).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Teaser.mp4' }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Images' }));
    await pickContent('Spring sale.png');
    // Back to the devices: the portrait tower does not fit a landscape image.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await pickDevice('Tower');
    expect(
      await screen.findByText('Tower: The device orientation must match the content', {}, slow),
    ).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Tower' }) as HTMLInputElement).checked).toBe(false);
  });

  it("plays one playlist of the screens' orientation, and asks before leaving unsaved", async () => {
    server({
      'GET /manager/playlist': () =>
        ok({
          list: [
            playlistSummary(),
            playlistSummary({ id: 42, name: 'Tall loop', orientation: 90, width: 1080, height: 1920 }),
          ],
          total: 2,
        }),
    });
    await renderPage(
      <>
        <ConfirmHost />
        <ScheduleEditorPage />
      </>,
      '/schedule/add',
      '/schedule/add/:id?',
    );
    fireEvent.click(await screen.findByRole('radio', { name: /Playlist/ }, slow));
    next();
    await pickDevice('Tower');
    next();
    fireEvent.click(await screen.findByRole('radio', { name: 'Select Morning loop' }, slow));
    expect(
      await screen.findByText('Tower: The device orientation must match the content', {}, slow),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Select Tall loop' }));
    await waitFor(() => expect(screen.getByText('Chosen: Tall loop')).toBeTruthy(), slow);
    next();
    expect(await screen.findByText('Tall loop plays in its own order and durations.', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findAllByText('Leave without saving?', {}, slow)).length).toBeGreaterThan(0);
    // What is lost is named: a schedule, not a playlist.
    expect(screen.getByText('Your changes to this schedule will be lost.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/schedule/live');
  });

  it('goes to spot editing for the insert type', async () => {
    server();
    await wizard('/schedule/add');
    fireEvent.click(await screen.findByRole('radio', { name: /Insert \(spot\)/ }, slow));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/schedule/spot');
  });

  it('edits a saved schedule and shows a refusal on the step of its field', async () => {
    const api = server({
      'GET /manager/schedule/70': () => ok(detail()),
      'PUT /manager/schedule/70': () => ({
        code: 400001,
        msg: 'Invalid',
        data: {
          errors: [{ field: 'end_date', message: 'The start time must be earlier than the end time' }],
        },
      }),
    });
    await wizard('/schedule/edit/70');
    // A saved schedule opens on its devices; the steps can be walked to the end.
    expect(await screen.findByRole('checkbox', { name: 'Select Lobby screen' }, slow)).toBeTruthy();
    for (let step = 0; step < 4; step += 1) {
      next();
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(
      ((await screen.findByRole('textbox', { name: 'Schedule name' }, slow)) as HTMLInputElement).value,
    ).toBe('Spring');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/schedule/70')).toHaveLength(1), slow);
    expect(api.callsTo('PUT /manager/schedule/70')[0]?.body).toMatchObject({
      items: [{ content_id: 11, duration: 15 }],
      frames: [{ start: '09:00', end: '18:00', rrule: 'FREQ=DAILY' }],
      submit: false,
    });
    // The date field's message shows on the time step.
    expect(
      await screen.findByText('The start time must be earlier than the end time', {}, slow),
    ).toBeTruthy();
    expect(await screen.findByTestId('calendar-frames', {}, slow)).toBeTruthy();
  });
});

describe('the wizard for a first schedule', { timeout: 120_000 }, () => {
  /** Walks a saved schedule to its time step. */
  const toTimeStep = async () => {
    expect(await screen.findByRole('checkbox', { name: 'Select Lobby screen' }, slow)).toBeTruthy();
    for (let step = 1; step < 4; step += 1) {
      next();
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
    expect(await screen.findByTestId('calendar-frames', {}, slow)).toBeTruthy();
  };
  /** Types a date into one end of the range and leaves the field. */
  const typeDate = (index: 0 | 1, value: string) => {
    const input = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')[
      index
    ] as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(input);
  };

  it('keeps an end typed before the start and tells the rule, and refuses an end that has passed', async () => {
    server({ 'GET /manager/schedule/70': () => ok(detail()) });
    await wizard('/schedule/edit/70');
    await toTimeStep();
    // The saved frame (daily 09–18) first plays on the start date.
    expect(screen.getByTestId('schedule-first-play').textContent).toMatch(
      /^First plays on .*03-02-2099 09:00/,
    );

    typeDate(1, '2099-02-01');
    expect(
      await screen.findByText('The start time must be earlier than the end time', {}, slow),
    ).toBeTruthy();
    // Not swapped: the range reads as typed.
    const inputs = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([inputs[0]?.value, inputs[1]?.value]).toEqual(['2099-03-02', '2099-02-01']);
    next();
    expect(screen.getAllByText('The start time must be earlier than the end time').length).toBeGreaterThan(1);

    typeDate(0, '2020-01-01');
    typeDate(1, '2020-01-31');
    expect(
      await screen.findByText('The end date has passed: choose an end date from today on', {}, slow),
    ).toBeTruthy();
    expect(screen.queryByTestId('schedule-first-play')).toBeNull();
    next();
    // Held on the time step.
    expect(screen.queryByRole('textbox', { name: 'Schedule name' })).toBeNull();
  });

  it('offers an approver to approve on submit, and says what is true for them', async () => {
    signInAs(Role.owner, ['schedule', 'schedule:add', 'schedule:audit', 'res:image:list']);
    const api = server({
      'GET /manager/schedule/70': () => ok(detail()),
      'PUT /manager/schedule/70': (body) => ok(detail({ ...(body as object), state: 'pending' })),
      'POST /manager/schedule/70/approve': () => ok(detail({ state: 'approved' })),
    });
    await wizard('/schedule/edit/70');
    await toTimeStep();
    next();
    expect(
      await screen.findByText(
        'You approve schedules: “Approve and publish” sends it to the screens at once.',
        {},
        slow,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and publish' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule/70/approve')).toHaveLength(1), slow);
    expect(api.callsTo('PUT /manager/schedule/70')[0]?.body).toMatchObject({ submit: true });
    await waitFor(
      () =>
        expect(notices).toHaveBeenCalledWith(
          expect.objectContaining({
            title: 'Scheduling successful! The schedule is live on the chosen screens.',
          }),
        ),
      slow,
    );
  });

  it('tells an approver who only submits that the approval is theirs to give', async () => {
    signInAs(Role.owner, ['schedule', 'schedule:add', 'schedule:audit', 'res:image:list']);
    const api = server({
      'GET /manager/schedule/70': () => ok(detail()),
      'PUT /manager/schedule/70': (body) => ok(detail({ ...(body as object), state: 'pending' })),
    });
    await wizard('/schedule/edit/70');
    await toTimeStep();
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for approval' }, slow));
    await waitFor(() => expect(api.callsTo('PUT /manager/schedule/70')).toHaveLength(1), slow);
    await waitFor(
      () =>
        expect(notices).toHaveBeenCalledWith(
          expect.objectContaining({
            title:
              'Scheduling successful! It is waiting for approval, which you can give yourself in the Approval list.',
          }),
        ),
      slow,
    );
    expect(api.callsTo('POST /manager/schedule/70/approve')).toHaveLength(0);
  });

  it('offers an upload on the content step while nothing of a kind is there', async () => {
    server({ 'GET /manager/resource': () => ok({ list: [], total: 0 }) });
    await wizard('/schedule/add');
    next();
    await pickDevice('Lobby screen');
    next();
    expect(
      await screen.findByText(
        'Nothing of this kind yet. Upload files here: they appear below to select once they are processed.',
        {},
        slow,
      ),
    ).toBeTruthy();
    const upload = document.getElementById('scheduleUpload') as HTMLElement;
    expect(upload.querySelector('input[type="file"]')?.getAttribute('accept')).toContain('.png');
    expect(upload.textContent).toContain('JPG, JPEG, PNG');
  });
});

describe('SpotEditorPage', { timeout: 120_000 }, () => {
  it('saves an insert with its start and minutes as a draft', async () => {
    const api = server({
      'POST /manager/schedule': (body) => ok(detail({ ...(body as object), id: 81, type: 'insert' })),
    });
    await renderPage(<SpotEditorPage />, '/schedule/spot', '/schedule/spot/:id?');
    await pickDevice('Lobby screen');
    await pickContent('Spring sale.png');
    fireEvent.change(screen.getByRole('textbox', { name: 'Lasts (minutes)' }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Schedule name' }), {
      target: { value: 'Flash sale' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule')).toHaveLength(1), slow);
    const body = api.callsTo('POST /manager/schedule')[0]?.body as Record<string, unknown> & {
      spot: { start: string };
    };
    expect(body).toMatchObject({
      name: 'Flash sale',
      type: 'insert',
      device_ids: [31],
      items: [{ content_id: 11, duration: null }],
      frames: [],
      spot: { minutes: 30 },
      exclude_holidays: false,
      submit: false,
    });
    expect(body.start_date).toBe(body.spot.start.slice(0, 10));
    expect(body.end_date).toBe(body.start_date);
    expect(await screen.findByTestId('location', {}, slow)).toBeTruthy();
  });
});

describe('SensorEditorPage', { timeout: 120_000 }, () => {
  const SHOES = sensorItem();
  const BAGS = sensorItem({ id: 7, sensor_id: 'BAG-01', name: 'Handbags', type: 'rfid' });
  const sensors = (extra: Record<string, ApiHandler> = {}) =>
    server({
      'GET /manager/iot-device': () => ok({ list: [SHOES, BAGS], total: 2 }),
      'GET /manager/iot-device/6': () => ok(SHOES),
      'GET /manager/iot-device/99': () => ({ code: 404001, msg: 'Not found', data: null }),
      ...extra,
    });
  const withSensorKeys = (...keys: string[]) =>
    signInAs(Role.owner, [
      'schedule',
      'schedule:add',
      'schedule:info',
      'schedule:list',
      'res:image:list',
      'device:sensor:list',
      'device:sensor:info',
      ...keys,
    ] as Parameters<typeof signInAs>[1]);

  it('ticks the tags of tag_ids and saves their schedule with its seconds and frames', async () => {
    withSensorKeys('schedule:sensor:add', 'schedule:sensor:edit');
    const api = sensors({
      'POST /manager/schedule': (body) => ok(detail({ ...(body as object), id: 82, type: 'sensor' })),
    });
    await renderPage(<SensorEditorPage />, '/schedule/sensors?tag_ids=6,99', '/schedule/sensors/:id?');
    // The tag of the link is ticked; one not found is left out.
    expect(
      ((await screen.findByRole('checkbox', { name: 'Select Red shoes' }, slow)) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByText('Selected: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Handbags' }));
    await pickDevice('Lobby screen');
    await pickContent('Spring sale.png');
    fireEvent.change(screen.getByRole('textbox', { name: 'Shows for (seconds)' }), {
      target: { value: '20' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Schedule name' }), {
      target: { value: 'Shoe tap' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.callsTo('POST /manager/schedule')).toHaveLength(1), slow);
    expect(api.callsTo('POST /manager/schedule')[0]?.body).toMatchObject({
      name: 'Shoe tap',
      type: 'sensor',
      device_ids: [31],
      items: [{ content_id: 11, duration: null }],
      frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
      spot: null,
      sensor: { sensor_ids: [6, 7], seconds: 20 },
      submit: false,
    });
    expect(await screen.findByTestId('location', {}, slow)).toBeTruthy();
  });

  it('asks for a tag and seconds in range before saving', async () => {
    withSensorKeys('schedule:sensor:add');
    const api = sensors();
    await renderPage(<SensorEditorPage />, '/schedule/sensors', '/schedule/sensors/:id?');
    await pickDevice('Lobby screen');
    await pickContent('Spring sale.png');
    fireEvent.change(screen.getByRole('textbox', { name: 'Shows for (seconds)' }), {
      target: { value: '0' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Schedule name' }), { target: { value: 'Tap' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(
      await screen.findByText('Choose at least one sensor that triggers the schedule', {}, slow),
    ).toBeTruthy();
    expect(screen.getByText('The content plays for 1 to 3,600 seconds after a read')).toBeTruthy();
    expect(api.callsTo('POST /manager/schedule')).toHaveLength(0);
  });

  it('opens from the wizard’s sensor type, and a saved one from /schedule/edit, read-only without schedule:sensor:edit', async () => {
    withSensorKeys('schedule:sensor:add');
    const api = sensors({
      'GET /manager/schedule/70': () =>
        ok(
          detail({
            type: 'sensor',
            sensor: { sensors: [{ id: 6, sensor_id: '04:A2:B3:C4', name: 'Red shoes' }], seconds: 45 },
          }),
        ),
    });
    await wizard('/schedule/add');
    fireEvent.click(await screen.findByRole('radio', { name: /Sensor/ }, slow));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/schedule/sensors');

    await wizard('/schedule/edit/70');
    expect(await screen.findByText('Tags and duration', {}, slow)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Shows for (seconds)' }) as HTMLInputElement).value).toBe(
      '45',
    );
    expect(
      screen.getByText('You may not save sensor schedules: ask an administrator for the permission.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    expect(api.callsTo('PUT /manager/schedule/70')).toHaveLength(0);
  });

  it('offers no sensor type in the wizard without schedule:sensor:add', async () => {
    withSensorKeys();
    sensors();
    await wizard('/schedule/add');
    expect(await screen.findByRole('radio', { name: /Insert \(spot\)/ }, slow)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Sensor/ })).toBeNull();
  });
});

describe('refusalOf', () => {
  it('puts a rule refusal on the step of the devices it names', () => {
    const refusal = refusalOf(
      new ApiError(400101, 'Tower: The device orientation must match the content', { device_ids: [32] }),
      5,
    );
    expect(refusal.deviceIds).toEqual([32]);
    expect([...refusal.byStep.keys()]).toEqual([1]);
    expect(refusalOf(new ApiError(409005, 'state'), 5).byStep.get(5)).toEqual(['state']);
    // Orientation and formats are refused on the content step: the content is cancelled, not the device.
    const content = refusalOf(
      new ApiError(400001, 'Tower: The device orientation must match the content', {
        field: 'items',
        device_ids: [32],
        content_ids: [11],
      }),
      5,
    );
    expect(content).toMatchObject({ deviceIds: [], contentIds: [11], program: false });
    expect([...content.byStep.keys()]).toEqual([2]);
    expect(refusalOf(new ApiError(400001, 'x', { field: 'program_id', device_ids: [32] }), 5).program).toBe(
      true,
    );
  });
});
