import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { deviceItem } from '../../../test/device';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs, workspaceNode } from '../../../test/team';
import { EditDeviceDialog } from './EditDeviceDialog';

// The edit dialog's default content: the playlists and compositions the device's workspace may
// play (its own and those below it), grouped by kind, sent with the name.

const slow = { timeout: 15_000 };
const BRANCH = workspaceNode({ group_id: 12, name: 'Branch', group_name: 'Branch', parent_id: 11 });
const OTHER = workspaceNode({ group_id: 13, name: 'Other', group_name: 'Other', parent_id: 11 });
const TREE = [workspaceNode({ children: [BRANCH, OTHER] })];

const row = (id: number, name: string, workspace_id: number) => ({ id, name, workspace_id });

function server() {
  return mockApi({
    'GET /manager/account/workspace/select-list': () => ok({ result: TREE }),
    'GET /manager/playlist': () =>
      ok({
        list: [row(1, 'Morning loop', 12), row(2, 'Other branch loop', 13), row(3, 'Head office', 11)],
        total: 3,
      }),
    'GET /manager/composition': () => ok({ list: [row(7, 'Menu board', 12)], total: 1 }),
    'PUT /manager/device/31': (body) => ok(deviceItem(body as object)),
  });
}

async function open(device = deviceItem({ group_id: 12 })) {
  const onClose = vi.fn();
  await renderPage(<EditDeviceDialog device={device} onClose={onClose} />, '/device/list');
  const dialog = await screen.findByRole('dialog', {}, slow);
  return { dialog, onClose };
}

beforeEach(() => registerNotifier({ open: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('EditDeviceDialog', { timeout: 30_000 }, () => {
  it('offers the programs of the device’s workspace and below, and saves the one chosen', async () => {
    signInAs(Role.owner, ['device:dev:info', 'res:playlist:list', 'res:composition:list']);
    const api = server();
    const { dialog, onClose } = await open();
    expect(within(dialog).getByText('Default content')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Default content' }));
    expect(await screen.findByTitle('Morning loop', {}, slow)).toBeTruthy();
    expect(screen.getByTitle('Menu board')).toBeTruthy();
    expect(screen.getByText('Playlists')).toBeTruthy();
    expect(screen.getByText('Compositions')).toBeTruthy();
    // A sibling's and the parent's are not the device's to play.
    expect(screen.queryByTitle('Other branch loop')).toBeNull();
    expect(screen.queryByTitle('Head office')).toBeNull();
    fireEvent.click(screen.getByTitle('Menu board'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/device/31')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/31')[0].body).toEqual({
      device_name: 'Lobby screen',
      description: null,
      default_program: { kind: 'composition', id: 7 },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the current choice and clears it with None', async () => {
    signInAs(Role.owner, ['device:dev:info', 'res:playlist:list']);
    const api = server();
    const { dialog } = await open(deviceItem({ group_id: 12, default_program: { kind: 'playlist', id: 1 } }));
    await within(dialog).findByText('Morning loop', {}, slow);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Default content' }));
    // Without res:composition:list, compositions are neither asked for nor offered.
    expect(api.callsTo('GET /manager/composition')).toHaveLength(0);
    fireEvent.click(await screen.findByTitle('None (the screen shows its name and the time)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/device/31')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/31')[0].body).toMatchObject({ default_program: null });
  });

  it('leaves the default content alone for whoever may not list programs', async () => {
    signInAs(Role.owner, ['device:dev:info']);
    const api = server();
    const { dialog } = await open(deviceItem({ default_program: { kind: 'playlist', id: 1 } }));
    expect(within(dialog).queryByText('Default content')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/device/31')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/device/31')[0].body).toEqual({
      device_name: 'Lobby screen',
      description: null,
    });
  });
});
