import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { DeviceTimerPage } from './DeviceTimerPage';

const slow = { timeout: 15_000 };
const PATH = '/device/timer/:device_id?';

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.owner, ['device', 'device:dev:list', 'device:dev:info', 'device:timer:add']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('DeviceTimerPage', { timeout: 30_000 }, () => {
  it("checks a device's periods with the contract rules, then saves them", async () => {
    const api = mockApi({
      'GET /manager/device/31': () => ok(deviceItem()),
      'GET /manager/device/31/timer': () =>
        ok({ enabled: true, timers: [{ weekday: 5, on: '08:00', off: '08:00' }] }),
      'PUT /manager/device/31/timer': (body) => ok(body),
    });
    await renderPage(<DeviceTimerPage />, '/device/timer/31', PATH);
    expect(await screen.findByRole('heading', { name: 'Power timer: Lobby screen' }, slow)).toBeTruthy();
    expect(screen.getByText('Friday')).toBeTruthy();
    save();
    expect(await screen.findByText('The power-off time must differ from the power-on time.')).toBeTruthy();
    expect(api.callsTo('PUT /manager/device/31/timer')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove period' }));
    fireEvent.click(await screen.findByRole('button', { name: /Add period \(0\/21\)/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Add period \(1\/21\)/ }));
    save();
    await waitFor(() => expect(api.callsTo('PUT /manager/device/31/timer')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/31/timer')[0].body).toEqual({
      enabled: true,
      timers: [
        { weekday: 1, on: '08:00', off: '20:00' },
        { weekday: 1, on: '08:00', off: '20:00' },
      ],
    });
  });

  it('greys out the save and the devices whose player has no timers, with the spec’s message', async () => {
    const refused = 'Old device versions do not support some features.';
    const old = deviceItem({ system_version: '1.20.0' });
    mockApi({
      'GET /manager/device/31': () => ok(old),
      'GET /manager/device/31/timer': () => ok({ enabled: false, timers: [] }),
      'GET /manager/device': () => ok({ list: [old], total: 1 }),
    });
    const one = await renderPage(<DeviceTimerPage />, '/device/timer/31', PATH);
    expect(await screen.findByText(refused, {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    one.unmount();

    await renderPage(<DeviceTimerPage />, '/device/timer', PATH);
    expect(await screen.findByRole('heading', { name: 'Device timer' }, slow)).toBeTruthy();
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]);
    const option = await screen.findByTitle(refused);
    expect(option.className).toContain('ant-select-item-option-disabled');
  });

  it('applies one timer to the chosen devices', async () => {
    const api = mockApi({
      'GET /manager/device': () => ok({ list: [deviceItem()], total: 1 }),
      'PUT /manager/device/timer': () => ok(),
    });
    await renderPage(<DeviceTimerPage />, '/device/timer', PATH);
    expect(await screen.findByRole('heading', { name: 'Device timer' }, slow)).toBeTruthy();
    save();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(api.callsTo('PUT /manager/device/timer')).toHaveLength(0);

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByTitle('Lobby screen (K7MX2Q)'));
    fireEvent.click(screen.getByRole('switch'));
    save();
    await waitFor(() => expect(api.callsTo('PUT /manager/device/timer')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/timer')[0].body).toEqual({
      ids: [31],
      enabled: false,
      timers: [],
    });
  });
});
