import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CommandStatus, DeviceStatus, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { commandItem, deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { RemoteControlCard } from './RemoteControlCard';

const slow = { timeout: 15_000 };

/** A device whose commands answer with `status.current` when asked for again. */
function server(
  status: { current: CommandStatus; result?: string },
  extra: Parameters<typeof mockApi>[0] = {},
) {
  let next = 501;
  const answer = (commandId: number) => () =>
    ok(commandItem({ command_id: commandId, status: status.current, result: status.result ?? null }));
  return mockApi({
    'GET /manager/device/31/command': () =>
      ok({ list: [commandItem({ status: 'done', action: 'volume', value: 40 })] }),
    'POST /manager/device/31/command': () => ok(commandItem({ command_id: next++ })),
    'GET /manager/device/31/command/501': answer(501),
    'GET /manager/device/31/command/502': answer(502),
    ...extra,
  });
}

/** The acknowledgements shown beside the controls. */
const ackText = () =>
  screen
    .queryAllByRole('status')
    .map((element) => element.textContent)
    .join(' | ');

const card = (device = deviceItem()) =>
  renderPage(
    <>
      <ConfirmHost />
      <RemoteControlCard device={device} />
    </>,
    '/device/31',
  );

beforeEach(() => {
  signInAs(Role.owner, ['device', 'device:dev:info']);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RemoteControlCard', { timeout: 30_000 }, () => {
  it('sends a command and follows its acknowledgement from pending to done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const status = { current: 'pending' as CommandStatus };
    const api = server(status);
    await card();
    fireEvent.click(await screen.findByRole('button', { name: 'Reboot' }, slow));
    await waitFor(() => expect(api.callsTo('POST /manager/device/31/command')).toHaveLength(1));
    expect(api.callsTo('POST /manager/device/31/command')[0].body).toEqual({ action: 'reboot' });
    expect(await screen.findByText('Waiting for the screen…')).toBeTruthy();

    status.current = 'done';
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(ackText()).toContain('Done'));
    expect(screen.queryByText('Waiting for the screen…')).toBeNull();
    // Answered: no more asking.
    const asked = api.callsTo('GET /manager/device/31/command/501').length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(api.callsTo('GET /manager/device/31/command/501')).toHaveLength(asked);
  });

  it('shows what the screen answered when a command failed, and a timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const status = { current: 'failed' as CommandStatus, result: 'Capture refused' };
    const api = server(status);
    await card();
    fireEvent.click(await screen.findByRole('button', { name: 'Screenshot' }, slow));
    await waitFor(() => expect(ackText()).toContain('Failed: Capture refused'));
    expect(api.callsTo('POST /manager/device/31/command')[0].body).toEqual({ action: 'screenshot' });

    status.current = 'timeout';
    fireEvent.click(screen.getByRole('button', { name: 'Identify' }));
    await waitFor(() => expect(ackText()).toContain('No answer from the screen (timed out)'));
    // The earlier command keeps its own answer.
    expect(ackText()).toContain('Failed: Capture refused');
  });

  it('shows the refusal of the server beside the control', async () => {
    server(
      { current: 'pending' },
      { 'POST /manager/device/31/command': () => ({ code: 400001, msg: 'Device Offline' }) },
    );
    await card();
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }, slow));
    expect(await screen.findByText('Device Offline')).toBeTruthy();
  });

  it('offers to turn the screen on when it is off', async () => {
    const api = server({ current: 'done' });
    await card(deviceItem({ screen_on: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Screen on' }, slow));
    await waitFor(() => expect(api.callsTo('POST /manager/device/31/command')).toHaveLength(1));
    expect(api.callsTo('POST /manager/device/31/command')[0].body).toEqual({ action: 'screen-on' });
    expect(screen.queryByRole('button', { name: 'Screen off' })).toBeNull();
  });

  it('keeps the volume still while muted and says why', async () => {
    server({ current: 'done' });
    await card(deviceItem({ mute: true }));
    const volume = await screen.findByRole('slider', { name: 'Volume' }, slow);
    expect(volume.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Volume cannot be edited while muted.')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Brightness' }).getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Muted' }).getAttribute('aria-checked')).toBe('true');
  });

  it('unpairs only after DELETE is typed', async () => {
    const api = server({ current: 'done' });
    await card();
    fireEvent.click(await screen.findByRole('button', { name: 'Unpair' }, slow));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    const confirm = within(dialog).getByRole('button', { name: 'Unpair' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(api.callsTo('POST /manager/device/31/command')).toHaveLength(0);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST /manager/device/31/command')).toHaveLength(1));
    expect(api.callsTo('POST /manager/device/31/command')[0].body).toEqual({ action: 'unpair' });
  });

  it('disables every control of an offline device and says why', async () => {
    server({ current: 'done' });
    await card(deviceItem({ online: false, status: DeviceStatus.offline }));
    expect(await screen.findByText('Can only control the online devices', {}, slow)).toBeTruthy();
    for (const name of [
      'Reboot',
      'Refresh',
      'Screenshot',
      'Identify',
      'Screen off',
      'Clear cache',
      'Unpair',
    ]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
  });

  it('lists the latest commands with their status', async () => {
    server({ current: 'done' });
    await card();
    expect(await screen.findByText('Volume 40%', {}, slow)).toBeTruthy();
    expect(screen.getByText('Latest commands')).toBeTruthy();
  });
});
