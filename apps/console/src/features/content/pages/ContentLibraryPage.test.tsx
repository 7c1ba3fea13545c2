/**
 * Frames (documents, websites) are not loaded: the tests look at what they are given.
 * @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContentType, type LibraryContentType, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { contentItem, folder } from '../../../test/content';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs, userItem } from '../../../test/team';
import { PROCESSING_REFRESH_MS } from '../api';
import { ContentLibraryPage } from './ContentLibraryPage';

// The drop zone is the upload panel's (features/upload): here only what the page hands it.
const chooser = vi.hoisted(() => ({ opened: vi.fn() }));
vi.mock('../../upload/components/UploadDropzone', () => ({
  UploadDropzone: ({ type, folderId }: { type: number; folderId?: number }) => (
    <div data-testid="dropzone" data-type={type} data-folder={folderId ?? ''}>
      <input type="file" aria-label="files" onClick={chooser.opened} />
    </div>
  ),
}));

const PERMISSIONS = [
  'res',
  'res:image:list',
  'res:video:list',
  'res:document:list',
  'res:music:list',
  'team:user:list',
];
const slow = { timeout: 15_000 };
const notices = vi.fn();

const IMAGES = [
  contentItem(),
  contentItem({ id: 12, name: 'Menu.jpg', thumbnail: null, state: 'processing', url: null }),
  contentItem({ id: 13, name: 'Poster.png', problem: 'content.incompatible' }),
];
const FOLDERS = [folder(), folder({ folder_id: 5, name: 'Promo', is_default: false, count: 1 })];

function server(items = IMAGES, extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/resource': () => ok({ list: items, total: items.length }),
    'GET /manager/resource/folder': () => ok(FOLDERS),
    'GET /manager/account/user': () => ok({ list: [userItem()], total: 1 }),
    ...extra,
  });
}

const PATHS: Record<LibraryContentType, string> = {
  [ContentType.image]: '/content/image',
  [ContentType.video]: '/content/video',
  [ContentType.website]: '/content/website',
  [ContentType.document]: '/content/document',
  [ContentType.music]: '/content/music',
  [ContentType.stream]: '/content/stream',
  [ContentType.h5]: '/content/tmp',
};

const page = (type: LibraryContentType, search = '') =>
  renderPage(
    <>
      <ConfirmHost />
      <ContentLibraryPage type={type} />
    </>,
    `${PATHS[type]}${search}`,
    PATHS[type],
  );

const lastQuery = () => Object.fromEntries(queriesTo('/manager/resource').at(-1) ?? []);

async function itemAction(name: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `More actions for ${name}` }, slow));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

async function typeDelete() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
  return dialog;
}

async function press(dialog: HTMLElement, name: string) {
  const button = within(dialog).getByRole('button', { name }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

beforeEach(() => {
  notices.mockClear();
  chooser.opened.mockClear();
  registerNotifier({ open: notices });
  signInAs(Role.owner, PERMISSIONS);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('ContentLibraryPage', { timeout: 30_000 }, () => {
  it('shows the items of its type as cards with thumbnails, type icons and states', async () => {
    server();
    await page(ContentType.image);
    const thumbnail = (await screen.findByRole('img', { name: 'Spring sale.png' }, slow)) as HTMLImageElement;
    expect(thumbnail.getAttribute('src')).toBe(IMAGES[0].thumbnail);
    expect(screen.getByRole('heading', { name: 'Images' })).toBeTruthy();
    // No thumbnail yet: the type's icon; a processing file says so; a problem is a warning.
    expect(screen.getByRole('img', { name: 'Image' })).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText('Warning'));
    expect(await screen.findByText('The media format is incompatible with the device.')).toBeTruthy();
    expect(screen.getAllByText('2.0 MB')).toHaveLength(3);
    expect(lastQuery()).toEqual({ type: '1', page: '1', page_size: '20', deleted: '0' });
    expect(screen.getByTestId('dropzone').dataset.type).toBe(String(ContentType.image));
  });

  it('shows the duration of videos and asks again while a file is processed', async () => {
    let calls = 0;
    const video = contentItem({ id: 21, type: ContentType.video, name: 'Intro.mp4', duration: 75 });
    server([], {
      'GET /manager/resource': () => {
        calls += 1;
        return ok({ list: [{ ...video, state: calls === 1 ? 'processing' : 'ready' }], total: 1 });
      },
    });
    await page(ContentType.video);
    expect(await screen.findByText('1:15', {}, slow)).toBeTruthy();
    await waitFor(() => expect(calls).toBe(2), { timeout: PROCESSING_REFRESH_MS * 2 });
    // Ready now: no more asking.
    await new Promise((resolve) => setTimeout(resolve, PROCESSING_REFRESH_MS + 500));
    expect(calls).toBe(2);
  });

  it('asks for the view in the address, dropping what the server would refuse', async () => {
    server();
    await page(ContentType.image, '?keyword=sale&uploader_id=21&days=14&sort=size,desc&folder_id=5&page=2');
    await screen.findByText('Menu.jpg', {}, slow);
    expect(lastQuery()).toEqual({
      type: '1',
      keyword: 'sale',
      uploader_id: '21',
      days: '14',
      sort: 'size,desc',
      folder_id: '5',
      page: '2',
      page_size: '20',
      deleted: '0',
    });
    expect(screen.getByTestId('dropzone').dataset.folder).toBe('5');
  });

  it('ignores periods and sort columns that are not offered', async () => {
    server();
    await page(ContentType.image, '?days=9&sort=hash,asc');
    await screen.findByText('Menu.jpg', {}, slow);
    expect(lastQuery()).toEqual({ type: '1', page: '1', page_size: '20', deleted: '0' });
  });

  it('puts the chosen period, uploader and sort into the query', async () => {
    server();
    await page(ContentType.image);
    await screen.findByText('Menu.jpg', {}, slow);
    fireEvent.mouseDown(document.getElementById('contentDays')!);
    fireEvent.click(await screen.findByTitle('Last 7 days'));
    await waitFor(() => expect(lastQuery().days).toBe('7'));
    fireEvent.mouseDown(document.getElementById('contentUploader')!);
    fireEvent.click(await screen.findByTitle('grace'));
    await waitFor(() => expect(lastQuery().uploader_id).toBe('21'));
    fireEvent.mouseDown(document.getElementById('contentSort')!);
    fireEvent.click(await screen.findByTitle('Last modified, descending'));
    await waitFor(() => expect(lastQuery().sort).toBe('updated_at,desc'));
    expect(lastQuery().days).toBe('7');
  });

  it('switches between grid and list and remembers the choice', async () => {
    server();
    const view = await page(ContentType.image);
    await screen.findByText('Menu.jpg', {}, slow);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByText('List'));
    expect(await screen.findByRole('columnheader', { name: /Size/ })).toBeTruthy();
    expect(localStorage.getItem('contentView')).toBe('list');
    view.unmount();
    await page(ContentType.image);
    expect(await screen.findByRole('table', {}, slow)).toBeTruthy();
  });

  it('renames an item', async () => {
    const api = server(IMAGES, {
      'PATCH /manager/resource/11': (body) => ok(contentItem(body as object)),
    });
    await page(ContentType.image);
    await itemAction('Spring sale.png', 'Rename');
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(input.value).toBe('Spring sale.png');
    fireEvent.change(input, { target: { value: 'Summer sale.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /manager/resource/11')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/resource/11')[0].body).toEqual({ name: 'Summer sale.png' });
  });

  it('processes a failed file again, and offers that for failed files only', async () => {
    const failed = contentItem({
      id: 14,
      name: 'Broken.png',
      state: 'failed',
      problem: 'content.processingFailed',
    });
    const api = server([...IMAGES, failed], {
      'POST /manager/resource/14/reprocess': () => ok({ ...failed, state: 'processing', problem: null }),
    });
    await page(ContentType.image);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Spring sale.png' }, slow));
    await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.queryByRole('menuitem', { name: 'Process again' })).toBeNull();
    await itemAction('Broken.png', 'Process again');
    await waitFor(() => expect(api.callsTo('POST /manager/resource/14/reprocess')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Processing again' })),
    );
  });

  it('deletes an item nothing uses to the recycle bin', async () => {
    const api = server(IMAGES, {
      'GET /manager/resource/11/uses': () => ok({ id: 11, uses: [] }),
      'DELETE /manager/resource': () => ok(),
    });
    await page(ContentType.image);
    await itemAction('Spring sale.png', 'Delete');
    const dialog = await typeDelete();
    expect(within(dialog).getAllByText('Are you sure delete').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/Move to the recycle bin: Spring sale.png/)).toBeTruthy();
    await press(dialog, 'Delete');
    await waitFor(() => expect(api.callsTo('DELETE /manager/resource')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/resource')[0].body).toEqual({ ids: [11], detach: false });
  });

  it('lists what uses the items and offers to remove them from it before deleting', async () => {
    const api = server(IMAGES, {
      'GET /manager/resource/11/uses': () =>
        ok({ id: 11, uses: [{ kind: 'playlist', id: 3, name: 'Lobby loop' }] }),
      'GET /manager/resource/13/uses': () => ok({ id: 13, uses: [] }),
      'DELETE /manager/resource': () => ok(),
    });
    await page(ContentType.image);
    await screen.findByText('Poster.png', {}, slow);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Spring sale.png' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Poster.png' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await typeDelete();
    expect(within(dialog).getByText('Playlist: Lobby loop')).toBeTruthy();
    expect(within(dialog).queryByText('Poster.png')).toBeNull();
    expect(api.callsTo('DELETE /manager/resource')).toHaveLength(0);
    await press(dialog, 'Remove from these and delete');
    await waitFor(() => expect(api.callsTo('DELETE /manager/resource')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/resource')[0].body).toEqual({ ids: [11, 13], detach: true });
  });

  it('moves the selected items to another folder at once', async () => {
    const api = server(IMAGES, { 'POST /manager/resource/move': () => ok() });
    await page(ContentType.image);
    await screen.findByText('Poster.png', {}, slow);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Spring sale.png' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Menu.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Promo'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo('POST /manager/resource/move')).toHaveLength(1));
    expect(api.callsTo('POST /manager/resource/move')[0].body).toEqual({ ids: [11, 12], folder_id: 5 });
  });

  it("downloads an item's file with the session's token", async () => {
    server();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    const file = vi.fn(async () => new Response('PNG', { headers: { 'Content-Type': 'image/png' } }));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith('/manager/resource/11/file') ? file() : answer(input, init),
      ),
    );
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:spring-sale');
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    await page(ContentType.image);
    await itemAction('Spring sale.png', 'Download');
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:spring-sale', download: 'Spring sale.png' }]));
    const [, init] = vi.mocked(fetch).mock.calls.find(([input]) => String(input).endsWith('/file'))!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(objectUrl).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
    objectUrl.mockRestore();
  });

  it('restores and purges items of the recycle bin', async () => {
    const binned = [contentItem({ deleted_at: '2025-03-03T10:00:00.000Z' })];
    const api = server(binned, {
      'POST /manager/resource/restore': () => ok(),
      'DELETE /manager/resource/purge': () => ok(),
    });
    await page(ContentType.image, '?deleted=1');
    await screen.findByText('Spring sale.png', {}, slow);
    expect(lastQuery().deleted).toBe('1');
    expect(screen.queryByTestId('dropzone')).toBeNull();
    await itemAction('Spring sale.png', 'Restore');
    await waitFor(() => expect(api.callsTo('POST /manager/resource/restore')).toHaveLength(1));
    expect(api.callsTo('POST /manager/resource/restore')[0].body).toEqual({ ids: [11] });

    await itemAction('Spring sale.png', 'Delete permanently');
    const dialog = await typeDelete();
    expect(
      within(dialog).getByText(/deleted permanently and cannot be restored: Spring sale.png/),
    ).toBeTruthy();
    await press(dialog, 'Delete permanently');
    await waitFor(() => expect(api.callsTo('DELETE /manager/resource/purge')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/resource/purge')[0].body).toEqual({ ids: [11] });
  });

  it('opens the recycle bin from its switch', async () => {
    server();
    await page(ContentType.image);
    await screen.findByText('Menu.jpg', {}, slow);
    fireEvent.click(screen.getByText('Recycle bin'));
    await waitFor(() => expect(lastQuery().deleted).toBe('1'));
  });

  it('invites to upload into an empty library and opens the file chooser', async () => {
    server([]);
    await page(ContentType.document);
    expect(await screen.findByText('No documents yet', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Choose files/ }));
    expect(chooser.opened).toHaveBeenCalledTimes(1);
  });

  it('offers to ask again when the library could not be loaded', async () => {
    let calls = 0;
    server(IMAGES, {
      'GET /manager/resource': () => {
        calls += 1;
        return calls === 1 ? { code: 500001, msg: 'Server error' } : ok({ list: IMAGES, total: 3 });
      },
    });
    await page(ContentType.image);
    fireEvent.click(await screen.findByRole('button', { name: /Try again/ }, slow));
    expect(await screen.findByText('Menu.jpg')).toBeTruthy();
    expect(screen.queryByText('No images yet')).toBeNull();
  });

  it('opens the file chooser for ?action=add and fills the search from ?filter=', async () => {
    server([]);
    await page(ContentType.music, '?action=add&filter=jingle');
    await waitFor(() => expect(lastQuery().keyword).toBe('jingle'), slow);
    expect(chooser.opened).toHaveBeenCalledTimes(1);
    expect((document.getElementById('contentKeyword') as HTMLInputElement).value).toBe('jingle');
    expect(queriesTo('/manager/resource').every((query) => !query.has('filter'))).toBe(true);
  });

  it("opens an item's preview from ?id= with its player and details", async () => {
    const video = contentItem({
      id: 21,
      type: ContentType.video,
      name: 'Intro.mp4',
      duration: 75,
      meta: { video_codec: 'H.264', frame_rate: 25 },
    });
    server([], { 'GET /manager/resource/21': () => ok(video) });
    await page(ContentType.video, '?id=21');
    const dialog = await screen.findByRole('dialog', {}, slow);
    await waitFor(() => expect(dialog.querySelector('video')?.getAttribute('src')).toBe(video.url));
    expect(within(dialog).getByText('H.264')).toBeTruthy();
    expect(within(dialog).getByText('Video codec')).toBeTruthy();
    expect(within(dialog).getByText('25 fps')).toBeTruthy();
    expect(within(dialog).getByText('1920 × 1080')).toBeTruthy();
  });

  it('previews a document in a frame from the card', async () => {
    const pdf = contentItem({ id: 31, type: ContentType.document, name: 'Menu.pdf', meta: { pages: 4 } });
    server([pdf], { 'GET /manager/resource/31': () => ok(pdf) });
    await page(ContentType.document);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Menu.pdf' }, slow));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe(pdf.url);
    expect(within(dialog).getByText('Pages')).toBeTruthy();
  });
});
