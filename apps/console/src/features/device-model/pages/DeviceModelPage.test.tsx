import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { deviceModelItem } from '../../../test/device-model';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { DeviceModelPage } from './DeviceModelPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const UNKNOWN = { name: 'Chromium 131 · Linux', device_count: 2, device_ids: [7, 9] };

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/device-model': () => ok({ list: [deviceModelItem()], total: 1 }),
    'GET /manager/device-model/unknown': () => ok([UNKNOWN]),
    ...extra,
  });
}

const page = (url = '/setting/model') =>
  renderPage(
    <>
      <ConfirmHost />
      <DeviceModelPage />
    </>,
    url,
    '/setting/model',
  );

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(document.getElementById('deviceModelFormSubmit') as HTMLElement);

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['setting', 'setting:model-manage']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('DeviceModelPage', { timeout: 30_000 }, () => {
  it('lists the models with their resolution isolated, and the names devices report that it lacks', async () => {
    server();
    await page('/setting/model?keyword=lobby&sort=name,desc');
    expect(await screen.findByText('Lobby 55', {}, slow)).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/device-model')[0])).toEqual({
      keyword: 'lobby',
      sort: 'name,desc',
      page: '1',
      page_size: '20',
    });
    const row = screen.getByText('Lobby 55').closest('tr') as HTMLElement;
    expect(within(row).getByText('\u20663840 × 2160\u2069')).toBeTruthy();
    expect(within(row).getByText('Landscape')).toBeTruthy();
    expect(within(row).getByText('Videos')).toBeTruthy();
    expect(within(row).getByText('NFC')).toBeTruthy();
    expect(within(row).getByText('\u20662.4.1\u2069')).toBeTruthy();
    const unknown = (await screen.findByText(UNKNOWN.name)).closest('tr') as HTMLElement;
    expect(within(unknown).getByText('2')).toBeTruthy();
  });

  it('adds a reported name as a model: the drawer starts from it and refuses what the contract refuses', async () => {
    const api = server({
      'POST /manager/device-model': (body) => ok({ ...deviceModelItem(), ...(body as object), id: 5 }),
    });
    await page();
    const unknown = (await screen.findByText(UNKNOWN.name, {}, slow)).closest('tr') as HTMLElement;
    fireEvent.click(within(unknown).getByRole('button', { name: /Add as model/ }));
    await waitFor(() => expect(field('name').value).toBe(UNKNOWN.name), slow);
    type('width', '20000');
    submit();
    expect(
      await screen.findByText('Width and height are whole numbers of pixels from 1 to 16384'),
    ).toBeTruthy();
    expect(api.callsTo('POST /manager/device-model')).toHaveLength(0);
    type('width', '1920');
    type('vendor', ' Kiosk Co ');
    fireEvent.click(screen.getByText('Portrait'));
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/device-model')).toHaveLength(1));
    expect(api.callsTo('POST /manager/device-model')[0].body).toEqual({
      name: UNKNOWN.name,
      vendor: ' Kiosk Co ',
      width: 1920,
      height: 1080,
      orientation: 90,
      media_types: [],
      features: [],
      player_name: '',
      player_version: '',
    });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Model saved' })),
    );
  });

  it('assigns a model to the devices reporting an unknown name', async () => {
    const api = server({ 'POST /manager/device-model/assign': () => ok() });
    await page();
    const unknown = (await screen.findByText(UNKNOWN.name, {}, slow)).closest('tr') as HTMLElement;
    fireEvent.click(within(unknown).getByRole('button', { name: /Assign a model/ }));
    const dialog = (await screen.findByText('Devices reporting this name: 2.')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.mouseDown(document.getElementById('assignModelSelect') as HTMLElement);
    fireEvent.click(await screen.findByTitle('Lobby 55'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.callsTo('POST /manager/device-model/assign')).toHaveLength(1));
    expect(api.callsTo('POST /manager/device-model/assign')[0].body).toEqual({
      device_ids: [7, 9],
      model_id: 4,
    });
  });

  it('deletes a model only once DELETE is typed, and shows why one in use stays', async () => {
    const api = server({
      'DELETE /manager/device-model': () => ({
        code: 409001,
        msg: 'Lobby 55 is the model of 3 devices. Assign them another model first.',
      }),
    });
    await page();
    await screen.findByText('Lobby 55', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lobby 55' }));
    const dialog = await screen.findByText(/Delete the model Lobby 55/);
    const confirm = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', {
      name: 'Delete',
    }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/device-model')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/device-model')[0].body).toEqual({ ids: [4] });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ description: expect.stringContaining('is the model of 3 devices') }),
      ),
    );
  });
});
