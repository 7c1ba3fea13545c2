/**
 * Frames are not loaded: the tests look at what they are given.
 * @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContentType, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { contentItem, folder } from '../../../test/content';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { ContentLibraryPage } from '../pages/ContentLibraryPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const NOT_FRAMABLE = 'This website does not allow itself to be shown inside another page';

const WEBSITE = contentItem({
  id: 41,
  type: ContentType.website,
  name: 'Menu board',
  size: 0,
  width: null,
  height: null,
  mime: null,
  hash: null,
  url: null,
  thumbnail: null,
  meta: {},
  link: 'https://example.com/menu',
  refresh_seconds: 300,
  zoom: 1.5,
});

function server(items = [WEBSITE], extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/resource': () => ok({ list: items, total: items.length }),
    'GET /manager/resource/folder': () => ok([folder()]),
    ...extra,
  });
}

const page = (type: typeof ContentType.website | typeof ContentType.stream, search: string) => {
  const path = type === ContentType.website ? '/content/website' : '/content/stream';
  return renderPage(
    <>
      <ConfirmHost />
      <ContentLibraryPage type={type} />
    </>,
    `${path}${search}`,
    path,
  );
};

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(document.getElementById('contentLinkFormSubmit')!);
/** The messages shown under one field of the form. */
const errorsOf = (id: string) =>
  field(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent;

beforeEach(() => {
  notices.mockClear();
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['res', 'res:link:list', 'res:stream:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('website and stream forms', { timeout: 30_000 }, () => {
  it("opens the add form from ?action=add and refuses what the contract's schemas refuse", async () => {
    const api = server();
    await page(ContentType.website, '?action=add');
    expect(await screen.findByText('Add website', { selector: '.ant-drawer-title' }, slow)).toBeTruthy();
    submit();
    expect(await screen.findByText('Please input the name')).toBeTruthy();
    type('name', 'Lunch menu');
    type('link', 'ftp://example.com/menu');
    submit();
    await waitFor(() => expect(errorsOf('link')).toBe('Invalid link, please check the link again.'));
    type('link', 'javascript:alert(1)');
    submit();
    await waitFor(() => expect(errorsOf('link')).toBe('Invalid link, please check the link again.'));
    expect(api.callsTo('POST /manager/resource/website')).toHaveLength(0);
  });

  it("sends the website with its refresh and zoom, and shows the server's refusal on the address", async () => {
    const api = server([WEBSITE], {
      'POST /manager/resource/website': () => ({ code: 400001, msg: NOT_FRAMABLE }),
    });
    await page(ContentType.website, '?action=add');
    await waitFor(() => expect(field('name')).toBeTruthy(), slow);
    type('name', ' Lunch menu ');
    type('link', 'https://example.com/lunch');
    type('refresh_seconds', '60');
    type('zoom', '150');
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/resource/website')).toHaveLength(1));
    expect(api.callsTo('POST /manager/resource/website')[0].body).toEqual({
      name: 'Lunch menu',
      link: 'https://example.com/lunch',
      refresh_seconds: 60,
      zoom: 1.5,
    });
    await waitFor(() => expect(errorsOf('link')).toBe(NOT_FRAMABLE));
    // The refusal is the form's to show, not a notification's.
    expect(notices).not.toHaveBeenCalled();
    expect(screen.getByText('Add website', { selector: '.ant-drawer-title' })).toBeTruthy();
  });

  it('shows the fields a validation failure names under those fields', async () => {
    server([WEBSITE], {
      'POST /manager/resource/website': () => ({
        code: 400001,
        msg: 'name: Names can be at most 64 characters long',
        data: { errors: [{ field: 'name', message: 'Names can be at most 64 characters long' }] },
      }),
    });
    await page(ContentType.website, '?action=add');
    await waitFor(() => expect(field('name')).toBeTruthy(), slow);
    type('name', 'Lunch');
    type('link', 'https://example.com/lunch');
    submit();
    await waitFor(() => expect(errorsOf('name')).toBe('Names can be at most 64 characters long'));
    expect(errorsOf('link')).toBeFalsy();
  });

  it('edits a website with its current values', async () => {
    const api = server([WEBSITE], {
      'PATCH /manager/resource/website/41': (body) => ok({ ...WEBSITE, ...(body as object) }),
    });
    await page(ContentType.website, '');
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Menu board' }, slow));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(field('link')?.value).toBe('https://example.com/menu'));
    expect(field('refresh_seconds').value).toBe('300');
    expect(field('zoom').value).toBe('150');
    type('zoom', '50');
    submit();
    await waitFor(() => expect(api.callsTo('PATCH /manager/resource/website/41')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/resource/website/41')[0].body).toEqual({
      name: 'Menu board',
      link: 'https://example.com/menu',
      refresh_seconds: 300,
      zoom: 0.5,
    });
  });

  it('previews a website in a sandboxed frame at its zoom', async () => {
    server([WEBSITE], { 'GET /manager/resource/41': () => ok(WEBSITE) });
    await page(ContentType.website, '?id=41');
    const dialog = await screen.findByRole('dialog', {}, slow);
    const frame = await waitFor(() => {
      const found = dialog.querySelector('iframe');
      expect(found).toBeTruthy();
      return found as HTMLIFrameElement;
    });
    expect(frame.getAttribute('src')).toBe('https://example.com/menu');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    expect((frame.parentElement as HTMLElement).style.getPropertyValue('--frame-zoom')).toBe('1.5');
    expect(within(dialog).getByText('150 %')).toBeTruthy();
  });

  it('adds a stream with a name and an address only', async () => {
    const api = server([], {
      'POST /manager/resource/stream': (body) =>
        ok({ ...WEBSITE, id: 51, type: ContentType.stream, ...(body as object) }),
    });
    await page(ContentType.stream, '?action=add');
    expect(await screen.findByText('Add stream', { selector: '.ant-drawer-title' }, slow)).toBeTruthy();
    expect(field('refresh_seconds')).toBeNull();
    expect(field('zoom')).toBeNull();
    type('name', 'Newsroom');
    type('link', 'https://cdn.example.com/live/index.m3u8');
    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/resource/stream')).toHaveLength(1));
    expect(api.callsTo('POST /manager/resource/stream')[0].body).toEqual({
      name: 'Newsroom',
      link: 'https://cdn.example.com/live/index.m3u8',
    });
  });

  it('offers to add the first stream from the empty library', async () => {
    server([]);
    await page(ContentType.stream, '');
    expect(await screen.findByText('No streams yet', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /Add stream/ })[0]);
    expect(await screen.findByText('Add stream', { selector: '.ant-drawer-title' })).toBeTruthy();
  });
});
