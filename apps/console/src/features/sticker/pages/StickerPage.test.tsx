import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role, STICKER_MAX_BYTES, type StickerItem } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { stickerItem } from '../../../test/sticker';
import { queriesTo, signInAs } from '../../../test/team';
import { StickerPage } from './StickerPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const MOON = stickerItem({
  id: 6,
  name: 'هلال',
  width: 64,
  height: 64,
  size: 2048,
  url: `/backend/media/${'c'.repeat(64)}`,
});

function server(items: StickerItem[] = [stickerItem(), MOON], extra: Record<string, ApiHandler> = {}) {
  return mockApi({ 'GET /manager/sticker': () => ok({ list: items, total: items.length }), ...extra });
}

const page = (url = '/content/sticker') =>
  renderPage(
    <>
      <ConfirmHost />
      <StickerPage />
    </>,
    url,
    '/content/sticker',
  );

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.user, ['res', 'res:com-sticker:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('StickerPage', { timeout: 30_000 }, () => {
  it('shows the stickers on a checkerboard with their size, and searches through the address', async () => {
    server();
    await page('/content/sticker?keyword=star');
    const image = (await screen.findByRole('img', { name: 'Star badge' }, slow)) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(stickerItem().url);
    expect(image.closest('.sticker-card__image')).toBeTruthy();
    expect(screen.getByText('120 × 80 · 12.0 KB')).toBeTruthy();
    expect(screen.getByText('هلال').getAttribute('dir')).toBe('auto');
    expect(queriesTo('/manager/sticker')[0].get('keyword')).toBe('star');
    const search = screen.getByRole('searchbox', { name: 'Search stickers' });
    fireEvent.change(search, { target: { value: ' moon ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queriesTo('/manager/sticker').at(-1)?.get('keyword')).toBe('moon'));
  });

  it('invites an upload when there are none, and sends dropped files one after another naming each refusal', async () => {
    const api = server([], {
      'POST /manager/sticker': () => ({ code: 413001, msg: 'Stickers may be at most 1024 × 1024 pixels' }),
    });
    await page();
    expect(await screen.findByText(/No stickers yet/, {}, slow)).toBeTruthy();
    const big = new File(['x'], 'huge.png');
    Object.defineProperty(big, 'size', { value: STICKER_MAX_BYTES + 1 });
    const files = [
      new File(['gif'], 'wide.gif'),
      new File(['x'], 'notes.txt'),
      big,
      new File(['png'], 'ok.png'),
    ];
    fireEvent.drop(screen.getByTestId('sticker-drop'), { dataTransfer: { files } });
    await waitFor(() => expect(api.callsTo('POST /manager/sticker')).toHaveLength(2));
    expect(queriesTo('/manager/sticker').flatMap((query) => query.getAll('name'))).toEqual([
      'wide.gif',
      'ok.png',
    ]);
    await waitFor(() =>
      expect(notices.mock.calls.map(([args]) => args.title)).toEqual([
        'wide.gif: Stickers may be at most 1024 × 1024 pixels',
        'notes.txt: stickers must be PNG, GIF or WebP images',
        'huge.png: Stickers must be 5 MB or smaller',
        'ok.png: Stickers may be at most 1024 × 1024 pixels',
      ]),
    );
  });

  it('renames a sticker', async () => {
    const api = server(undefined, {
      'PATCH /manager/sticker/5': (body) => ok({ ...stickerItem(), ...(body as object) }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Star badge' }, slow));
    fireEvent.change(await screen.findByDisplayValue('Star badge'), { target: { value: 'Gold star' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('PATCH /manager/sticker/5')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/sticker/5')[0].body).toEqual({ name: 'Gold star' });
  });

  it('deletes the selected stickers once DELETE is typed', async () => {
    const api = server(undefined, { 'DELETE /manager/sticker': () => ok() });
    await page();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Star badge' }, slow));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select هلال' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete \(2\)/ }));
    const dialog = (await screen.findByText(/Delete these stickers: Star badge, هلال/)).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/sticker')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/sticker')[0].body).toEqual({ ids: [5, 6], detach: false });
  });
});
