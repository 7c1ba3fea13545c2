import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { LockControl } from './LockControl';

const slow = { timeout: 15_000 };

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.owner, ['device', 'device:dev:info']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

const render = (device = deviceItem()) =>
  renderPage(
    <>
      <ConfirmHost />
      <LockControl device={device} editable />
    </>,
    '/device/31',
  );

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('LockControl', { timeout: 30_000 }, () => {
  it('sets a PIN typed twice, checked with the contract rule', async () => {
    const api = mockApi({ 'PUT /manager/device/31/lock': () => ok(deviceItem({ lock_enabled: true })) });
    await render();
    expect(await screen.findByText('Not locked', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove lock' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set lock PIN' }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, 'Lock PIN', '12a45');
    expect(await within(dialog).findByText('The PIN is 6 digits')).toBeTruthy();
    type(dialog, 'Lock PIN', '123456');
    type(dialog, 'Confirm the lock PIN', '123457');
    expect(await within(dialog).findByText('Two entries do not match')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('PUT /manager/device/31/lock')).toHaveLength(0);

    type(dialog, 'Confirm the lock PIN', '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/device/31/lock')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/31/lock')[0].body).toEqual({ pin: '123456' });
  });

  it('removes the lock after a confirmation', async () => {
    const api = mockApi({ 'PUT /manager/device/31/lock': () => ok(deviceItem()) });
    await render(deviceItem({ lock_enabled: true }));
    expect(await screen.findByText('Locked', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove lock' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/device/31/lock')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/31/lock')[0].body).toEqual({ pin: null });
  });
});
