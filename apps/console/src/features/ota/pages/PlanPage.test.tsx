import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OtaPlanDevice, type OtaPlanItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { deviceModelItem } from '../../../test/device-model';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { PlanPage } from './PlanPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();

const counts = (overrides: Partial<OtaPlanItem['counts']> = {}): OtaPlanItem['counts'] => ({
  waiting: 0,
  downloading: 0,
  installing: 0,
  installed: 0,
  failed: 0,
  skipped: 0,
  cancelled: 0,
  ...overrides,
});

const plan = (overrides: Partial<OtaPlanItem> = {}): OtaPlanItem => ({
  id: 7,
  name: 'Spring rollout',
  description: 'Lobby screens first',
  package: { id: 3, version: '2.1.0' },
  mandatory: true,
  timing: 'instant',
  at: null,
  window_start: null,
  window_end: null,
  status: 'running',
  targets: { devices: 2, workspaces: 1, models: 0 },
  total: 10,
  counts: counts({ installed: 4, failed: 1, skipped: 1, waiting: 3, downloading: 1 }),
  created_by: 'Ada',
  company_name: null,
  created_at: '2026-11-05T08:00:00.000Z',
  ...overrides,
});

const device = (overrides: Partial<OtaPlanDevice> = {}): OtaPlanDevice => ({
  device_id: 41,
  device_name: 'Lobby left',
  signage_id: 'SG-0041',
  company_name: 'Harbour Hotels',
  group_name: 'Lobby',
  system_version: '2.0.0',
  timezone: 'Asia/Tokyo',
  state: 'waiting',
  reason_code: null,
  reason_params: null,
  reason: null,
  mandatory: false,
  updated_at: '2026-11-05T08:00:00.000Z',
  ...overrides,
});

const packageItem = {
  id: 3,
  version: '2.1.0',
  description: '',
  builtin: false,
  md5: '9e107d9d372bb6826bd81d3542a419d6',
  file_name: 'p.zip',
  size: 10,
  models: [{ id: 4, name: 'Lobby 55' }],
  created_by: 'Ada',
  created_at: '2026-11-05T08:00:00.000Z',
};

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/ota/plan': () =>
      ok({
        list: [
          plan(),
          plan({
            id: 8,
            name: 'Night window',
            status: 'paused',
            mandatory: false,
            timing: 'window',
            window_start: '2026-12-01T01:00',
            window_end: '2026-12-01T05:00',
            counts: counts({ waiting: 2 }),
            total: 2,
            company_name: 'Harbour Hotels',
          }),
        ],
        total: 2,
      }),
    'GET /manager/ota/package': () =>
      ok({ list: [packageItem, { ...packageItem, id: 1, version: '1.0.0', builtin: true }], total: 2 }),
    'GET /manager/device-model': () => ok({ list: [deviceModelItem()], total: 1 }),
    'GET /manager/ota/device': () =>
      ok({
        list: [
          {
            device_id: 41,
            signage_id: 'SG-0041',
            device_name: 'Lobby left',
            model_id: 4,
            model_name: 'Lobby 55',
            system_version: '2.0.0',
            online: true,
            newest_version: '2.1.0',
            newest_package_id: 3,
          },
        ],
        total: 1,
      }),
    'GET /manager/ota/plan/target/workspace': () =>
      ok({ list: [{ id: 12, name: 'Lobby', company_name: 'Harbour Hotels' }], total: 1 }),
    'POST /manager/ota/plan': (body) => ok(plan({ ...(body as object) })),
    ...extra,
  });
}

const page = (url = '/ota/plan') =>
  renderPage(
    <>
      <ConfirmHost />
      <PlanPage />
    </>,
    url,
    '/ota/plan',
  );

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const submit = () => fireEvent.click(document.getElementById('otaPlanFormSubmit') as HTMLElement);

/** Opens the drawer and fills a name, the package and one device. */
async function fillPlan() {
  fireEvent.click(await screen.findByRole('button', { name: /New plan/ }, slow));
  fireEvent.change(field('name'), { target: { value: '  Spring rollout ' } });
  fireEvent.mouseDown(field('package_id'));
  fireEvent.click(await screen.findByTitle('\u20662.1.0\u2069 · Lobby 55', {}, slow));
  fireEvent.mouseDown(field('devices'));
  fireEvent.click(await screen.findByTitle('Lobby left · \u2066SG-0041\u2069', {}, slow));
}

/** Types a date-time into one input of a picker and leaves it. */
function typeDate(input: HTMLInputElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['ota', 'ota:plan:list', 'device:ota:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('PlanPage', { timeout: 30_000 }, () => {
  it('lists plans with their progress, timing and the actions their status allows; filters by status', async () => {
    server();
    await page('/ota/plan?status=running');
    const row = (await screen.findByText('Spring rollout', {}, slow)).closest('tr') as HTMLElement;
    expect(Object.fromEntries(queriesTo('/manager/ota/plan')[0])).toEqual({
      status: 'running',
      page: '1',
      page_size: '20',
    });
    expect(within(row).getByText('6/10')).toBeTruthy();
    expect(within(row).getByTestId('plan-counts').textContent).toBe(
      'Waiting 3 · Downloading 1 · Installed 4 · Failed 1 · Skipped 1',
    );
    expect(within(row).getByText('Devices 2 · Workspaces 1')).toBeTruthy();
    expect(within(row).getByText('Mandatory')).toBeTruthy();
    expect(within(row).getByText('Instant')).toBeTruthy();
    const actions = within(row)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(actions).toEqual([
      'Details of Spring rollout',
      'Pause Spring rollout',
      'Retry the failed devices of Spring rollout',
      'Cancel Spring rollout',
    ]);
    const paused = screen.getByText('Night window').closest('tr') as HTMLElement;
    expect(within(paused).getByText('Paused')).toBeTruthy();
    // Approved by a company on /device/ota: the plan says which; the platform's own say nothing.
    expect(within(paused).getByText('Harbour Hotels').closest('span')?.textContent).toBe(
      'Approved by Harbour Hotels',
    );
    expect(within(row).queryByText(/Approved by/)).toBeNull();
    expect(
      within(paused).getByText(/^\u206612-01-2026 01:00\u2069 – \u206612-01-2026 05:00\u2069$/),
    ).toBeTruthy();
    expect(
      within(paused)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Details of Night window', 'Resume Night window', 'Cancel Night window']);
  });

  it('pauses, resumes, retries and cancels (after confirming) through their calls', async () => {
    const api = server({
      'POST /manager/ota/plan/7/pause': () => ok(plan({ status: 'paused' })),
      'POST /manager/ota/plan/7/retry': () => ok(plan()),
      'POST /manager/ota/plan/8/resume': () => ok(plan({ id: 8 })),
      'POST /manager/ota/plan/8/cancel': () => ({
        code: 409005,
        msg: 'The plan’s current status does not allow this',
      }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Spring rollout' }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Retry the failed devices of Spring rollout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume Night window' }));
    await waitFor(() => expect(api.callsTo('POST /manager/ota/plan/8/resume')).toHaveLength(1));
    expect(api.callsTo('POST /manager/ota/plan/7/pause')).toHaveLength(1);
    expect(api.callsTo('POST /manager/ota/plan/7/retry')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Night window' }));
    expect(api.callsTo('POST /manager/ota/plan/8/cancel')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(api.callsTo('POST /manager/ota/plan/8/cancel')).toHaveLength(1));
    // The refusal is the envelope's message, as a notice.
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ description: expect.stringContaining('does not allow this') }),
      ),
    );
  });

  it('refuses a plan without targets, then sends an instant mandatory plan for the chosen workspace', async () => {
    const api = server();
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /New plan/ }, slow));
    submit();
    expect(await screen.findByText('Select at least one device, workspace or model', {}, slow)).toBeTruthy();
    expect(await screen.findByText('Please select a package')).toBeTruthy();
    expect(api.callsTo('POST /manager/ota/plan')).toHaveLength(0);
    fireEvent.change(field('name'), { target: { value: 'Spring rollout' } });
    fireEvent.mouseDown(field('package_id'));
    // Only uploaded packages: the built-in build needs no plan.
    expect(screen.queryByTitle('\u20661.0.0\u2069 · ')).toBeNull();
    fireEvent.click(await screen.findByTitle('\u20662.1.0\u2069 · Lobby 55', {}, slow));
    fireEvent.mouseDown(field('workspaces'));
    fireEvent.click(await screen.findByTitle('Lobby · Harbour Hotels', {}, slow));
    fireEvent.click(screen.getByRole('switch'));
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/ota/plan')).toHaveLength(1));
    expect(api.callsTo('POST /manager/ota/plan')[0].body).toEqual({
      name: 'Spring rollout',
      description: '',
      package_id: 3,
      targets: { device_ids: [], workspace_ids: [12], model_ids: [] },
      mandatory: true,
      timing: 'instant',
      at: null,
      window_start: null,
      window_end: null,
    });
  });

  it('sends a plan at a local time', async () => {
    const api = server();
    await page();
    await fillPlan();
    fireEvent.click(screen.getByRole('radio', { name: 'At a time' }));
    const at = await waitFor(() => {
      expect(field('at')).toBeTruthy();
      return field('at');
    });
    submit();
    expect(await screen.findByText('Enter a date and time', {}, slow)).toBeTruthy();
    typeDate(at, '2026-12-01 09:30');
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/ota/plan')).toHaveLength(1));
    expect(api.callsTo('POST /manager/ota/plan')[0].body).toMatchObject({
      name: 'Spring rollout',
      targets: { device_ids: [41], workspace_ids: [], model_ids: [] },
      mandatory: false,
      timing: 'at',
      at: '2026-12-01T09:30',
      window_start: null,
      window_end: null,
    });
  });

  it('sends a plan within a window, refusing one that ends when it starts', async () => {
    const api = server();
    await page();
    await fillPlan();
    fireEvent.click(screen.getByRole('radio', { name: 'Within a window' }));
    const ends = () => document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    await waitFor(() => expect(ends()).toHaveLength(2));
    typeDate(ends()[0] as HTMLInputElement, '2026-12-01 05:00');
    typeDate(ends()[1] as HTMLInputElement, '2026-12-01 05:00');
    submit();
    expect(await screen.findByText('The window must end after it starts', {}, slow)).toBeTruthy();
    typeDate(ends()[0] as HTMLInputElement, '2026-12-01 03:00');
    typeDate(ends()[1] as HTMLInputElement, '2026-12-01 07:00');
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/ota/plan')).toHaveLength(1));
    expect(api.callsTo('POST /manager/ota/plan')[0].body).toMatchObject({
      timing: 'window',
      at: null,
      window_start: '2026-12-01T03:00',
      window_end: '2026-12-01T07:00',
    });
  });

  it('shows a plan’s devices by state with their reasons, and installs selected waiting ones now', async () => {
    const api = server({
      'GET /manager/ota/plan/7': () => ok(plan({ mandatory: false })),
      'GET /manager/ota/plan/7/device': () =>
        ok({
          list: [
            device(),
            device({ device_id: 42, device_name: 'Bar', state: 'skipped', reason_code: 'model' }),
            device({ device_id: 43, device_name: 'Door', state: 'failed', reason: 'Disk full' }),
            device({
              device_id: 44,
              device_name: 'Bay',
              state: 'failed',
              reason_code: 'wrong_version',
              reason_params: { reported: '2.0.9', expected: '2.1.0' },
            }),
          ],
          total: 4,
        }),
      'POST /manager/ota/plan/7/install-now': () => ok(),
    });
    await page('/ota/plan?plan=7');
    const drawer = (await screen.findByRole('dialog', {}, slow)) as HTMLElement;
    expect(await within(drawer).findByText('Plan Spring rollout', {}, slow)).toBeTruthy();
    expect(await within(drawer).findByText('Not one of the package’s models', {}, slow)).toBeTruthy();
    expect(within(drawer).getByText('Disk full')).toBeTruthy();
    expect(
      within(drawer).getByText('The screen reported version \u20662.0.9\u2069 instead of \u20662.1.0\u2069.'),
    ).toBeTruthy();
    expect(within(drawer).getAllByText('\u2066Asia/Tokyo\u2069')).toHaveLength(4);
    expect(within(drawer).getByRole('checkbox', { name: 'Select Bar' })).toHaveProperty('disabled', true);

    // Installing first: a filter's answer arriving after a tick would start the selection anew.
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Select Lobby left' }));
    fireEvent.click(within(drawer).getByRole('button', { name: /Install now/ }));
    await waitFor(() => expect(api.callsTo('POST /manager/ota/plan/7/install-now')).toHaveLength(1), slow);
    expect(api.callsTo('POST /manager/ota/plan/7/install-now')[0].body).toEqual({ device_ids: [41] });

    fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByTitle('Failed 1', {}, slow));
    await waitFor(
      () => expect(queriesTo('/manager/ota/plan/7/device').at(-1)?.get('state')).toBe('failed'),
      slow,
    );
  });

  it('shows the refusal of a plan that is not there instead of loading forever', async () => {
    server({ 'GET /manager/ota/plan/99': () => ({ code: 404001, msg: 'The record does not exist.' }) });
    await page('/ota/plan?plan=99');
    const drawer = (await screen.findByRole('dialog', {}, slow)) as HTMLElement;
    expect(await within(drawer).findByRole('alert', {}, slow)).toHaveProperty(
      'textContent',
      expect.stringContaining('The record does not exist.'),
    );
    expect(drawer.querySelector('.ant-skeleton')).toBeNull();
  });
});
