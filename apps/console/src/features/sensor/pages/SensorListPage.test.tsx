import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { sensorItem } from '../../../test/sensor';
import { queriesTo, signInAs } from '../../../test/team';
import { SensorListPage } from './SensorListPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const ALL_KEYS = [
  'device',
  'device:sensor:list',
  'device:sensor:add',
  'device:sensor:edit',
  'device:sensor:del',
];

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/iot-device': () => ok({ list: [sensorItem()], total: 1 }),
    'GET /manager/iot-device/icon': () => ok([]),
    'GET /manager/device': () =>
      ok({
        list: [deviceItem(), deviceItem({ device_id: 32, device_name: 'Window', signage_id: 'P3QR8T' })],
        total: 2,
      }),
    ...extra,
  });
}

const page = (url = '/device/sensors') =>
  renderPage(
    <>
      <ConfirmHost />
      <SensorListPage />
    </>,
    url,
    '/device/sensors',
  );

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(document.getElementById('sensorFormSubmit') as HTMLElement);

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ALL_KEYS);
});

afterEach(() => {
  registerNotifier(null);
  notices.mockReset();
});

describe('SensorListPage', { timeout: 30_000 }, () => {
  it('lists the sensors with their ID isolated, type and screens, searching by the address', async () => {
    server();
    await page('/device/sensors?keyword=shoe&sort=name,asc');
    expect(await screen.findByText('Red shoes', {}, slow)).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/iot-device')[0])).toEqual({
      keyword: 'shoe',
      sort: 'name,asc',
      page: '1',
      page_size: '20',
    });
    const row = screen.getByText('Red shoes').closest('tr') as HTMLElement;
    expect(within(row).getByText('\u206604:A2:B3:C4\u2069')).toBeTruthy();
    expect(within(row).getByText('NFC tag')).toBeTruthy();
    expect(within(row).getByText('Lobby screen')).toBeTruthy();
  });

  it('adds a sensor: refuses an ID the contract refuses, then sends it with its screens', async () => {
    const api = server({
      'POST /manager/iot-device': () => ({ code: 409006, msg: 'The sensor ID already exists' }),
    });
    await page();
    await screen.findByText('Red shoes', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /Add sensor/ }));
    await waitFor(() => expect(field('sensor_id')).toBeTruthy(), slow);
    type('sensor_id', 'a b');
    type('name', 'Blue bag');
    submit();
    expect(await screen.findByText(/only letters, digits/)).toBeTruthy();
    expect(api.callsTo('POST /manager/iot-device')).toHaveLength(0);
    type('sensor_id', '04:a2:b3:c4');
    fireEvent.mouseDown(document.getElementById('device_ids') as HTMLElement);
    fireEvent.click(await screen.findByTitle('Window (P3QR8T)'));
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/iot-device')).toHaveLength(1));
    expect(api.callsTo('POST /manager/iot-device')[0].body).toEqual({
      sensor_id: '04:a2:b3:c4',
      name: 'Blue bag',
      type: 'nfc',
      device_ids: [32],
    });
    // The refusal stays in the drawer, which stays open.
    expect(await screen.findByText('The sensor ID already exists')).toBeTruthy();
  });

  it('edits a sensor from its row, starting from its screens', async () => {
    const api = server({ 'PUT /manager/iot-device/6': (body) => ok(sensorItem(body as object)) });
    await page();
    await screen.findByText('Red shoes', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Red shoes' }));
    await waitFor(() => expect(field('name').value).toBe('Red shoes'), slow);
    type('name', 'Red shoes, size 42');
    submit();
    await waitFor(() => expect(api.callsTo('PUT /manager/iot-device/6')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/iot-device/6')[0].body).toEqual({
      sensor_id: '04:A2:B3:C4',
      name: 'Red shoes, size 42',
      type: 'nfc',
      device_ids: [31],
    });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sensor saved' })),
    );
  });

  it('deletes a sensor once DELETE is typed', async () => {
    const api = server({ 'DELETE /manager/iot-device': () => ok() });
    await page();
    await screen.findByText('Red shoes', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Red shoes' }));
    const dialog = (await screen.findByText(/Delete the sensor Red shoes/)).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/iot-device')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/iot-device')[0].body).toEqual({ ids: [6], detach: false });
  });

  it('names the sensor schedules a sensor triggers and takes it out of them when asked', async () => {
    const api = server({
      'DELETE /manager/iot-device': (body) =>
        (body as { detach: boolean }).detach
          ? ok()
          : {
              code: 409001,
              msg: 'This sensor triggers sensor schedules.',
              data: { uses: [{ kind: 'schedule', id: 70, name: 'Shoe tap' }] },
            },
    });
    await page();
    await screen.findByText('Red shoes', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Red shoes' }));
    const dialog = (await screen.findByText(/Delete the sensor Red shoes/)).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    expect(await screen.findByText('Schedule: Shoe tap', {}, slow)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove it from them and delete' }, slow));
    await waitFor(() => expect(api.callsTo('DELETE /manager/iot-device')).toHaveLength(2), slow);
    expect(api.callsTo('DELETE /manager/iot-device')[1].body).toEqual({ ids: [6], detach: true });
  });

  it('offers only what the caller’s keys allow', async () => {
    signInAs(Role.user, ['device', 'device:sensor:list']);
    server();
    await page();
    await screen.findByText('Red shoes', {}, slow);
    expect(screen.queryByRole('button', { name: /Add sensor/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Red shoes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Red shoes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make a sensor schedule for Red shoes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Network secret of Red shoes' })).toBeNull();
  });

  it('makes a networked sensor’s secret and shows it once with a copy button', async () => {
    const secret = 'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z0x1C';
    const api = server({ 'POST /manager/iot-device/6/secret': () => ok({ secret }) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Network secret of Red shoes' }, slow));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByTestId('sensor-secret-state').textContent).toMatch(/has no secret/);
    expect(within(dialog).getByText('POST /backend/sensor/read')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make a secret' }));
    const shown = await screen.findByTestId('shown-secret', {}, slow);
    expect(api.callsTo('POST /manager/iot-device/6/secret')).toHaveLength(1);
    expect(within(shown).getByText(secret)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /Copy/ })).toBeTruthy();
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
  });

  it('replaces or removes a secret a sensor has, and marks its row', async () => {
    const api = server({
      'GET /manager/iot-device': () => ok({ list: [sensorItem({ has_secret: true })], total: 1 }),
      'DELETE /manager/iot-device/6/secret': () => ok(),
    });
    await page();
    const row = (await screen.findByText('Red shoes', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Networked')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Network secret of Red shoes' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByRole('button', { name: 'Replace the secret' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the secret' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/iot-device/6/secret')).toHaveLength(1), slow);
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Secret removed' })),
    );
  });

  it('makes a sensor schedule for a sensor, its tag ticked through tag_ids', async () => {
    signInAs(Role.owner, [...ALL_KEYS, 'schedule', 'schedule:add', 'schedule:sensor:add']);
    server();
    await page();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Make a sensor schedule for Red shoes' }, slow),
    );
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/schedule/sensors?tag_ids=6');
  });
});
