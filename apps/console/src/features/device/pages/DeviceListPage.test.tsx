import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DeviceStatus, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { leftToRight } from '../../../lib/bidi';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs, workspaceNode } from '../../../test/team';
import { DeviceListPage } from './DeviceListPage';

const PERMISSIONS = ['device', 'device:dev:list', 'device:dev:info', 'workspace:tree'];
const slow = { timeout: 15_000 };

const DEVICES = [
  deviceItem(),
  deviceItem({
    device_id: 32,
    signage_id: 'P3RT9W',
    device_name: 'Window',
    status: DeviceStatus.offline,
    online: false,
  }),
];

function server(devices = DEVICES, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /manager/device': () => ok({ list: devices, total: devices.length }),
    'GET /manager/account/workspace/select-list': () => ok({ result: [workspaceNode()] }),
    ...extra,
  });
}

const notices = vi.fn();

beforeEach(() => {
  notices.mockClear();
  registerNotifier({ open: notices });
  signInAs(Role.owner, PERMISSIONS);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

const page = (url: string) =>
  renderPage(
    <>
      <ConfirmHost />
      <DeviceListPage />
    </>,
    url,
    '/device/list',
  );

// The first render loads messages and styles on a cold start: several seconds when the machine is busy.
describe('DeviceListPage', { timeout: 30_000 }, () => {
  it('shows each device with its status, workspace and a link to its page', async () => {
    server();
    await page('/device/list');
    const link = await screen.findByRole('link', { name: 'Lobby screen' }, slow);
    expect(link.getAttribute('href')).toBe('/device/31');
    expect(screen.getByText('K7MX2Q')).toBeTruthy();
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getAllByText(leftToRight('1920x1080'))).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Device list' })).toBeTruthy();
  });

  it('asks for the view written in the address', async () => {
    server();
    await page(
      '/device/list?keyword=lob&status=2&group_id=11&online=0&sort=last_seen_at,desc&page=2&page_size=50',
    );
    await screen.findByText('K7MX2Q', {}, slow);
    expect(Object.fromEntries(queriesTo('/manager/device')[0])).toEqual({
      keyword: 'lob',
      status: '2',
      group_id: '11',
      online: '0',
      sort: 'last_seen_at,desc',
      page: '2',
      page_size: '50',
    });
  });

  it('searches by the typed keyword from page 1', async () => {
    server();
    await page('/device/list?page=3');
    await screen.findByText('K7MX2Q', {}, slow);
    const search = document.getElementById('deviceKeyword') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'AA:BB' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queriesTo('/manager/device').at(-1)?.get('keyword')).toBe('AA:BB'));
    expect(queriesTo('/manager/device').at(-1)?.get('page')).toBe('1');
  });

  it('tells how to add the first screen when there is none', async () => {
    server([]);
    await page('/device/list');
    expect(await screen.findByText('No screens yet', {}, slow)).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/player`)).toBeTruthy();
  });

  it('opens the add drawer from act with the signage ID of the QR code', async () => {
    server();
    await page('/device/list?act=add&signage_id=k7mx2q');
    await waitFor(() => expect(document.getElementById('digitalSignageId')).toBeTruthy(), slow);
    expect((document.getElementById('digitalSignageId') as HTMLInputElement).value).toBe('K7MX2Q');
    expect(document.getElementById('deviceName')).toBeTruthy();
    expect(document.getElementById('group_id')).toBeTruthy();
    expect(document.getElementById('deviceAuthentication')).toBeTruthy();
  });

  it('opens the add drawer from the addDevice button', async () => {
    server();
    await page('/device/list');
    await screen.findByText('K7MX2Q', {}, slow);
    expect(document.getElementById('digitalSignageId')).toBeNull();
    fireEvent.click(document.getElementById('addDevice')!);
    await waitFor(() => expect(document.getElementById('digitalSignageId')).toBeTruthy(), slow);
  });

  it('deletes the selected devices at once, only after DELETE is typed', async () => {
    const api = server(DEVICES, { 'DELETE /manager/device': () => ok() });
    await page('/device/list');
    await screen.findByText('Window', {}, slow);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Lobby screen, Window/)).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(api.callsTo('DELETE /manager/device')).toHaveLength(0);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/device')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/device')[0].body).toEqual({ ids: [31, 32] });
  });

  it('sends one command to the selected devices at once', async () => {
    const api = server(DEVICES, { 'POST /manager/device/command': () => ok({ list: [] }) });
    await page('/device/list');
    await screen.findByText('Window', {}, slow);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: /Send command/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Screen off' }));
    await waitFor(() => expect(api.callsTo('POST /manager/device/command')).toHaveLength(1));
    expect(api.callsTo('POST /manager/device/command')[0].body).toEqual({
      ids: [31, 32],
      command: { action: 'screen-off' },
    });
  });

  it('greys out the commands an old player among the selected lacks, with the spec’s message', async () => {
    const api = server(
      [DEVICES[0], deviceItem({ device_id: 33, device_name: 'Old hall', system_version: '1.20.0' })],
      {
        'POST /manager/device/command': () => ok({ list: [] }),
      },
    );
    await page('/device/list');
    await screen.findByText('Old hall', {}, slow);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: /Send command/ }));
    const reboot = await screen.findByRole('menuitem', { name: 'Reboot' });
    expect(reboot.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(within(reboot).getByText('Reboot'));
    expect(await screen.findByText('Old device versions do not support some features.')).toBeTruthy();
    fireEvent.click(reboot);
    expect(api.callsTo('POST /manager/device/command')).toHaveLength(0);
  });

  it('refuses more than 50 devices without calling the server', async () => {
    const many = Array.from({ length: 51 }, (_, index) =>
      deviceItem({
        device_id: 100 + index,
        device_name: `Screen ${index}`,
        signage_id: `S${100000 + index}`,
      }),
    );
    const api = server(many, { 'POST /manager/device/command': () => ok({ list: [] }) });
    await page('/device/list?page_size=100');
    await screen.findByText('Screen 50', {}, slow);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: /Send command/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reboot' }));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', title: 'The number of devices cannot exceed 50.' }),
      ),
    );
    expect(api.callsTo('POST /manager/device/command')).toHaveLength(0);
  });
});
