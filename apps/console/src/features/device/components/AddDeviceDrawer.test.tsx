import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { signInAs, workspaceNode } from '../../../test/team';
import { AddDeviceDrawer } from './AddDeviceDrawer';

const slow = { timeout: 15_000 };
const IN_USE = 'The device is already in use.';
const notices = vi.fn();

function server(add: ApiHandler) {
  return mockApi({
    'GET /manager/account/workspace/select-list': () => ok({ result: [workspaceNode()] }),
    'POST /manager/device': add,
  });
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(document.getElementById('addDeviceFormSubmit')!);

async function openDrawer(signageId?: string) {
  const onClose = vi.fn();
  await renderPage(<AddDeviceDrawer open signageId={signageId} onClose={onClose} />, '/device/list');
  await waitFor(() => expect(field('digitalSignageId')).toBeTruthy(), slow);
  return onClose;
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['device:dev:list', 'workspace:tree']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('AddDeviceDrawer', { timeout: 30_000 }, () => {
  it("checks the fields with the contract's messages before calling", async () => {
    const api = server(() => ok(deviceItem()));
    await openDrawer();
    submit();
    expect(await screen.findByText('Please input the signage ID', {}, slow)).toBeTruthy();
    expect(await screen.findByText('Please input the name')).toBeTruthy();
    expect(await screen.findByText('Please input the PIN')).toBeTruthy();
    type('digitalSignageId', 'AB1');
    type('deviceAuthentication', '12a456');
    submit();
    expect(await screen.findByText('The signage ID is 6 characters')).toBeTruthy();
    expect(await screen.findByText('The PIN is 6 digits')).toBeTruthy();
    expect(api.callsTo('POST /manager/device')).toHaveLength(0);
  });

  it('uppercases the signage ID as typed, posts the device and closes', async () => {
    const api = server(() => ok({ ...deviceItem(), trial: 'granted' }));
    const onClose = await openDrawer();
    type('digitalSignageId', 'k7mx2q');
    expect(field('digitalSignageId').value).toBe('K7MX2Q');
    type('deviceName', ' Lobby screen ');
    type('deviceAuthentication', '482913');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /manager/device')[0].body).toEqual({
      signage_id: 'K7MX2Q',
      device_name: 'Lobby screen',
      group_id: 11,
      authentication: '482913',
    });
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'success',
        title: 'Lobby screen was added.',
        description: 'It plays at once on a trial license.',
      }),
    );
  });

  it('says when the claim got no trial: the device needs a licence before it is scheduled', async () => {
    server(() => ok({ ...deviceItem({ device_name: 'Hall' }), trial: 'exhausted' }));
    const onClose = await openDrawer('K7MX2Q');
    type('deviceName', 'Hall');
    type('deviceAuthentication', '482913');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'warning',
        title: 'Hall was added.',
        description: 'Trials exhausted: bind a license to it before scheduling it.',
      }),
    );
  });

  it("shows the server's message when the screen is already claimed (409001)", async () => {
    server(() => ({ code: 409001, msg: IN_USE }));
    const onClose = await openDrawer('P3RT9W');
    expect(field('digitalSignageId').value).toBe('P3RT9W');
    type('deviceName', 'Window');
    type('deviceAuthentication', '482913');
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', IN_USE);
    expect(onClose).not.toHaveBeenCalled();
    expect(notices).not.toHaveBeenCalled();
  });
});
