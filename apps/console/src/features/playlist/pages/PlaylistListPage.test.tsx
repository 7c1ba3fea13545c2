import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Program, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { playlistSummary } from '../../../test/playlist';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { PlaylistListPage } from './PlaylistListPage';

vi.mock('../../program/ui', () => ({
  ProgramPreview: ({ program }: { program: Program | undefined }) =>
    program ? <output data-testid="program">{`${program.name}: ${program.duration_ms} ms`}</output> : null,
}));

const slow = { timeout: 15_000 };
const notices = vi.fn();
const ALL = ['res', 'res:playlist:list', 'res:playlist:add', 'res:playlist:info'];
const PORTRAIT = playlistSummary({
  id: 42,
  name: 'Lobby portrait',
  orientation: 90,
  width: 1080,
  height: 1920,
  item_count: 1,
  duration: 3725,
  shuffle: true,
});

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/playlist': () => ok({ list: [playlistSummary(), PORTRAIT], total: 22 }),
    ...extra,
  });
}

const page = (url = '/content/play-list') =>
  renderPage(
    <>
      <ConfirmHost />
      <PlaylistListPage />
    </>,
    url,
    '/content/play-list',
  );

/** Types DELETE into the open confirmation and confirms it. */
async function confirmDeletion(button = 'Delete') {
  const input = await screen.findByPlaceholderText('DELETE');
  const dialog = input.closest('.ant-modal') as HTMLElement;
  fireEvent.change(input, { target: { value: 'DELETE' } });
  const confirm = within(dialog).getByRole('button', { name: button }) as HTMLButtonElement;
  await waitFor(() => expect(confirm.disabled).toBe(false));
  fireEvent.click(confirm);
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ALL);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('PlaylistListPage', { timeout: 60_000 }, () => {
  it('lists the playlists as rows with their items, length and orientation, the view in the address', async () => {
    localStorage.setItem('contentView', 'list');
    server();
    await page('/content/play-list?keyword=loop&sort=duration,desc&orientation=90&page=2');
    const row = (await screen.findByText('Lobby portrait', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('1 item')).toBeTruthy();
    expect(within(row).getByText('1:02:05')).toBeTruthy();
    expect(within(row).getByText(/Portrait/)).toBeTruthy();
    expect(within(row).getByText('1080 × 1920')).toBeTruthy();
    expect(within(row).getByText('Yes')).toBeTruthy();
    const first = screen.getByText('Morning loop').closest('tr') as HTMLElement;
    expect(within(first).getByText('3 items')).toBeTruthy();
    expect(within(first).getByText('1:35')).toBeTruthy();
    expect(screen.getByText('22 in total')).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/playlist')[0])).toEqual({
      keyword: 'loop',
      sort: 'duration,desc',
      orientation: '90',
      page: '2',
      page_size: '20',
    });
  });

  it('shows cards, searches, and opens the editor', async () => {
    server();
    await page();
    await screen.findByText('Lobby portrait', {}, slow);
    expect(screen.getByRole('button', { name: /New playlist/ })).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search playlists' });
    fireEvent.change(search, { target: { value: ' lobby ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queriesTo('/manager/playlist').at(-1)?.get('keyword')).toBe('lobby'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit Lobby portrait' })[0]);
    expect((await screen.findByTestId('location')).textContent).toBe('/content/play-list/42');
  });

  it('hides creating and copying from those who may only list', async () => {
    signInAs(Role.user, ['res', 'res:playlist:list']);
    server();
    await page();
    await screen.findByText('Lobby portrait', {}, slow);
    expect(screen.queryByRole('button', { name: /New playlist/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy Lobby portrait' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Lobby portrait' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Preview Lobby portrait' }).length).toBeGreaterThan(0);
  });

  it('copies a playlist and previews one with the program the server builds', async () => {
    const program = { name: 'Lobby portrait', duration_ms: 3_725_000 } as Program;
    const api = server({
      'POST /manager/playlist/42/copy': () => ok({ ...PORTRAIT, id: 43, name: 'Lobby portrait (copy)' }),
      'GET /manager/playlist/42/program': () => ok(program),
    });
    await page();
    await screen.findByText('Lobby portrait', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Lobby portrait' }));
    await waitFor(() => expect(api.callsTo('POST /manager/playlist/42/copy')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Copied as “Lobby portrait (copy)”' }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview Lobby portrait' }));
    expect((await screen.findByTestId('program')).textContent).toBe('Lobby portrait: 3725000 ms');
  });

  it('deletes after DELETE is typed, and offers to remove an in-use playlist from what uses it', async () => {
    let refused = false;
    const api = server({
      'DELETE /manager/playlist': () => {
        if (refused) return ok();
        refused = true;
        return {
          code: 409001,
          msg: 'This playlist is in use',
          data: { uses: [{ kind: 'schedule', id: 5, name: 'Weekdays' }] },
        };
      },
    });
    await page();
    await screen.findByText('Lobby portrait', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lobby portrait' }));
    await confirmDeletion();
    expect(await screen.findByText('Schedule: Weekdays')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from these and delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/playlist')).toHaveLength(2));
    expect(api.callsTo('DELETE /manager/playlist').map((call) => call.body)).toEqual([
      { ids: [42], detach: false },
      { ids: [42], detach: true },
    ]);
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Playlist deleted' })),
    );
  });
});
