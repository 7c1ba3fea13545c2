import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContentType, type Program, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { i18n } from '../../../lib/i18n';
import { registerNotifier } from '../../../lib/notify';
import { contentItem } from '../../../test/content';
import { playlistDetail, playlistItem, playlistSummary } from '../../../test/playlist';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { textItem } from '../../../test/text';
import { PlaylistEditorPage } from './PlaylistEditorPage';

vi.mock('../../program/ui', () => ({
  ProgramPreview: ({ program }: { program: Program | undefined }) =>
    program ? <output data-testid="program">{`${program.name}: ${program.duration_ms} ms`}</output> : null,
}));

const slow = { timeout: 15_000 };
const notices = vi.fn();
const IMAGE = contentItem();
const VIDEO = contentItem({
  id: 12,
  name: 'Teaser.mp4',
  type: ContentType.video,
  duration: 42,
  mime: 'video/mp4',
});
const ENCODING = contentItem({ id: 14, name: 'Encoding.mp4', type: ContentType.video, state: 'processing' });
const OTHER = playlistSummary({ id: 50, name: 'Evening', duration: 30, item_count: 2 });

/** The library by type, as the picker asks for it. */
function library(): ReturnType<ApiHandler> {
  const type = Number(queriesTo('/manager/resource').at(-1)?.get('type'));
  const list = [IMAGE, VIDEO, ENCODING].filter((item) => item.type === type);
  return ok({ list, total: list.length });
}

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/resource': library,
    'GET /manager/text': () => ok({ list: [textItem()], total: 1 }),
    'GET /manager/playlist': () => ok({ list: [playlistSummary(), OTHER], total: 2 }),
    ...extra,
  });
}

const page = (url: string) =>
  renderPage(
    <>
      <ConfirmHost />
      <PlaylistEditorPage />
    </>,
    url,
    url.endsWith('/add') ? '/content/play-list/add' : '/content/play-list/:id',
  );

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const nameField = () => document.getElementById('name') as HTMLInputElement;

/** Rows stacked 80 px apart, as a browser lays them out (happy-dom measures nothing). */
function layOutRows() {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('.playlist-item');
    if (!row?.parentElement) return original.call(this);
    const top = [...row.parentElement.children].indexOf(row) * 80;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 800,
      height: 72,
      bottom: top + 72,
      right: 800,
      toJSON: () => ({}),
    };
  });
}

const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, [
    'res',
    'res:playlist:list',
    'res:playlist:add',
    'res:playlist:info',
    'res:image:list',
    'res:video:list',
    'res:text:list',
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  registerNotifier(null);
  notices.mockReset();
});

describe('PlaylistEditorPage', { timeout: 40_000 }, () => {
  it('refuses a playlist without a name or content with the contract messages', async () => {
    const api = server();
    await page('/content/play-list/add');
    await waitFor(() => expect(nameField()).toBeTruthy(), slow);
    save();
    expect(await screen.findByText('Please input the name', {}, slow)).toBeTruthy();
    expect(await screen.findByText('Please select at least one content', {}, slow)).toBeTruthy();
    fireEvent.change(nameField(), { target: { value: 'x'.repeat(65) } });
    expect(await screen.findByText('Names can be at most 64 characters long', {}, slow)).toBeTruthy();
    expect(api.callsTo('POST /manager/playlist')).toHaveLength(0);
  });

  // Four tabs of cards rendered by Ant Design in happy-dom: the slowest test here by far.
  it('adds ticked items from several tabs of the picker, totals them, and saves them in order', {
    timeout: 90_000,
  }, async () => {
    const api = server({
      'POST /manager/playlist': (body) =>
        ok(playlistDetail({ id: 60, name: (body as { name: string }).name })),
    });
    await page('/content/play-list/add');
    await waitFor(() => expect(nameField()).toBeTruthy(), slow);
    fireEvent.click(screen.getAllByRole('button', { name: /Add content/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Spring sale.png' }, slow));
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Videos' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Teaser.mp4' }, slow));
    // What the server would refuse cannot be ticked.
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Select Encoding.mp4' }) as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Text messages' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Opening hours' }, slow));
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Playlists' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Evening' }, slow));
    expect(within(dialog).getByText('4 selected')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 4 items' }));

    // 10 s (the default) + 42 s (the video's length) + 10 s + 30 s (the nested playlist's total).
    expect(await screen.findByText('4 items · 1:32 in total')).toBeTruthy();
    const rows = screen.getAllByTestId('playlist-item');
    expect(rows.map((row) => within(row).getAllByText(/./)[0].textContent)).toEqual([
      'Spring sale.png',
      'Teaser.mp4',
      'Opening hours',
      'Evening',
    ]);
    const videoDuration = within(rows[1]).getByRole('textbox', {
      name: 'Duration · Teaser.mp4',
    }) as HTMLInputElement;
    expect(videoDuration.placeholder).toBe('42');
    // Seconds, in the page's language.
    await act(() => i18n.changeLanguage('ar'));
    expect(within(rows[1]).getByText('ث')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    fireEvent.change(videoDuration, { target: { value: '20' } });
    expect(await screen.findByText('4 items · 1:10 in total')).toBeTruthy();
    fireEvent.click(within(rows[1]).getByRole('switch', { name: 'Sound · Teaser.mp4' }));

    fireEvent.change(nameField(), { target: { value: ' Lobby ' } });
    save();
    await waitFor(() => expect(api.callsTo('POST /manager/playlist')).toHaveLength(1));
    expect(api.callsTo('POST /manager/playlist')[0].body).toEqual({
      name: 'Lobby',
      orientation: 0,
      width: 1920,
      height: 1080,
      shuffle: false,
      items: [
        { content_id: 11, duration: null, transition: 'none', fit: 'contain', muted: true },
        { content_id: 12, duration: 20, transition: 'none', fit: 'contain', muted: false },
        { text_id: 31, duration: null, transition: 'none', fit: 'contain', muted: true },
        { playlist_id: 50, duration: null, transition: 'none', fit: 'contain', muted: true },
      ],
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/content/play-list');
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Playlist “Lobby” saved' }));
  });

  it('reorders with the keyboard: the saved order is the new one', async () => {
    layOutRows();
    const saved = playlistDetail({
      items: [
        playlistItem({ id: 1, content_id: 11, name: 'One.png' }),
        playlistItem({ id: 2, content_id: 12, name: 'Two.png' }),
        playlistItem({ id: 3, content_id: 13, name: 'Three.png' }),
      ],
    });
    const api = server({
      'GET /manager/playlist/41': () => ok(saved),
      'PUT /manager/playlist/41': () => ok(saved),
    });
    await page('/content/play-list/41');
    const handle = await screen.findByRole('button', { name: 'Move One.png (position 1)' }, slow);
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await pause();
    fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    await pause();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move One.png (position 2)' })).toBeTruthy(),
    );
    save();
    await waitFor(() => expect(api.callsTo('PUT /manager/playlist/41')).toHaveLength(1));
    const body = api.callsTo('PUT /manager/playlist/41')[0].body as { items: { content_id: number }[] };
    expect(body.items.map((item) => item.content_id)).toEqual([12, 11, 13]);
  });

  it('shows the server refusing a loop, and asks before leaving with unsaved changes', async () => {
    const saved = playlistDetail({
      items: [
        playlistItem({
          kind: 'playlist',
          playlist_id: 50,
          content_id: null,
          type: 4,
          name: 'Evening',
          own_duration: 30,
        }),
      ],
    });
    const api = server({
      'GET /manager/playlist/41': () => ok(saved),
      'PUT /manager/playlist/41': () => ({
        code: 409001,
        msg: 'A playlist cannot contain itself, directly or through the playlists it contains',
      }),
    });
    await page('/content/play-list/41');
    await waitFor(() => expect(nameField()?.value).toBe('Morning loop'), slow);
    expect(screen.getByText('1 item · 0:30 in total')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Add content/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Playlists' }));
    const self = (await within(dialog).findByRole(
      'checkbox',
      { name: 'Select Morning loop' },
      slow,
    )) as HTMLInputElement;
    expect(self.disabled).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Select Evening' }) as HTMLInputElement).disabled,
    ).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.change(nameField(), { target: { value: 'Morning' } });
    save();
    await waitFor(() => expect(api.callsTo('PUT /manager/playlist/41')).toHaveLength(1));
    expect(
      await screen.findByText(
        'A playlist cannot contain itself, directly or through the playlists it contains',
      ),
    ).toBeTruthy();

    // The page's own Cancel comes first; the picker's stays in the document, hidden.
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0]);
    expect((await screen.findAllByText('Leave without saving?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/content/play-list');
  });

  it('previews the playlist as it stands, before it is saved', async () => {
    const api = server({
      'POST /manager/playlist/program': () => ok({ name: 'New playlist', duration_ms: 10_000 }),
    });
    await page('/content/play-list/add');
    await waitFor(() => expect(nameField()).toBeTruthy(), slow);
    expect((screen.getByRole('button', { name: /Preview/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: /Add content/ })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Select Spring sale.png' }, slow));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 1 item' }));
    await screen.findByText('1 item · 0:10 in total');
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    expect((await screen.findByTestId('program')).textContent).toBe('New playlist: 10000 ms');
    expect(api.callsTo('POST /manager/playlist/program')[0].body).toMatchObject({
      name: 'New playlist',
      items: [{ content_id: 11 }],
    });
  });
});
