import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DeviceKeyItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { otaDeviceItem } from '../../../test/ota';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { DeviceKeyPage } from './DeviceKeyPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const KEY = 'Zk0rL8pXw2Yt7sNc4HdE9aBfGm6uJiOlKeRyT5Uq3v1';

const item = (overrides: Partial<DeviceKeyItem> = {}): DeviceKeyItem => ({
  device_id: 31,
  device_name: 'Lobby left',
  signage_id: 'AB12CD34',
  company_name: 'Acme',
  issued_by: 'Ada',
  issued_at: '2026-11-05T08:00:00.000Z',
  last_used_at: '2026-11-06T09:30:00.000Z',
  ...overrides,
});
const device = otaDeviceItem();

const server = (extra: Record<string, ApiHandler> = {}) =>
  mockApi({
    'GET /manager/ota/device-key': () => ok({ list: [item()], total: 1 }),
    'GET /manager/ota/device': () => ok({ list: [device], total: 1, total_capped: false }),
    ...extra,
  });

const page = () =>
  renderPage(
    <>
      <ConfirmHost />
      <DeviceKeyPage />
    </>,
    '/ota/device-key',
  );

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['ota', 'ota:device-key:list', 'device:ota:list']);
});

afterEach(() => {
  registerNotifier(null);
  notices.mockReset();
});

describe('DeviceKeyPage', { timeout: 30_000 }, () => {
  it('lists keys by device: signage ID, company, issued by', async () => {
    server();
    await page();
    const row = (await screen.findByText('Lobby left', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('\u2066AB12CD34\u2069')).toBeTruthy();
    expect(within(row).getByText('Acme')).toBeTruthy();
    expect(within(row).getByText('Ada')).toBeTruthy();
  });

  it('issues keys to picked devices and shows each once with a copy button', async () => {
    const api = server({
      'POST /manager/ota/device-key': () =>
        ok({ keys: [{ device_id: 42, device_name: 'Hall screen', signage_id: 'ZX98YW76', key: KEY }] }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Issue device keys/ }, slow));
    fireEvent.mouseDown(document.getElementById('devices') as HTMLElement);
    fireEvent.click(await screen.findByTitle(/Hall screen/, {}, slow));
    fireEvent.click(document.getElementById('otaDeviceKeyFormSubmit') as HTMLElement);
    const shown = await screen.findByTestId('shown-secret', {}, slow);
    expect(api.callsTo('POST /manager/ota/device-key')[0].body).toEqual({ device_ids: [42] });
    expect(within(shown).getByText(KEY)).toBeTruthy();
    expect(within(shown).getByText(/Hall screen/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /Copy/ })).toBeTruthy();
  });

  it('revokes a key after the typed confirmation', async () => {
    const api = server({ 'DELETE /manager/ota/device-key': () => ok() });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key of Lobby left' }, slow));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /manager/ota/device-key')[0]?.body).toEqual({ ids: [31] }),
    );
  });
});
