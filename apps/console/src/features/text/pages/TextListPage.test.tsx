import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role, type TextItem } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { fontItem } from '../../../test/font';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { textItem } from '../../../test/text';
import { TextListPage } from './TextListPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const SALE = textItem({
  id: 32,
  title: 'Sale',
  content: 'تخفيضات اليوم',
  position: 'top',
  direction: 'right',
  speed: 8,
});

function server(items: TextItem[] = [textItem(), SALE], extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/text': () => ok({ list: items, total: 41 }),
    'GET /manager/font': () => ok({ list: [fontItem()], total: 1 }),
    ...extra,
  });
}

const page = (url = '/content/text') =>
  renderPage(
    <>
      <ConfirmHost />
      <TextListPage />
    </>,
    url,
    '/content/text',
  );

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(document.getElementById('contentTextFormSubmit') as HTMLElement);

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['res', 'res:text:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('TextListPage', { timeout: 30_000 }, () => {
  it('lists the texts with their settings and asks for the view in the address', async () => {
    server();
    await page('/content/text?keyword=sale&sort=title,asc&page=2');
    expect(await screen.findByText('Opening hours', {}, slow)).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/text')[0])).toEqual({
      keyword: 'sale',
      sort: 'title,asc',
      page: '2',
      page_size: '20',
    });
    const row = screen.getByText('Sale').closest('tr') as HTMLElement;
    expect(within(row).getByText('Top')).toBeTruthy();
    expect(within(row).getByText('To the right')).toBeTruthy();
    expect(within(row).getByText('8')).toBeTruthy();
    expect(within(row).getByText('تخفيضات اليوم').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('41 in total')).toBeTruthy();
  });

  it('searches and sorts through the address', async () => {
    server();
    await page();
    await screen.findByText('Opening hours', {}, slow);
    const search = screen.getByRole('searchbox', { name: 'Search title or text' });
    fireEvent.change(search, { target: { value: ' coffee ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queriesTo('/manager/text').at(-1)?.get('keyword')).toBe('coffee'));
    fireEvent.click(screen.getByRole('columnheader', { name: /Title/ }));
    await waitFor(() => expect(queriesTo('/manager/text').at(-1)?.get('sort')).toBe('title,asc'));
  });

  it('adds a text: refuses what the contract refuses, previews it live, sends it', async () => {
    const api = server([], { 'POST /manager/text': (body) => ok({ ...textItem(), ...(body as object) }) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Add text/ }, slow));
    await waitFor(() => expect(field('title')).toBeTruthy(), slow);
    submit();
    expect(await screen.findByText('Please input the name')).toBeTruthy();
    expect(await screen.findByText('Please input the text')).toBeTruthy();
    type('title', ' Lunch ');
    type('content', 'Soup of the day');
    type('speed', '11');
    submit();
    expect(await screen.findByText('The speed is a whole number from 1 to 10')).toBeTruthy();
    expect(api.callsTo('POST /manager/text')).toHaveLength(0);

    type('speed', '9');
    const preview = within(screen.getByRole('dialog')).getByTestId('marquee-preview');
    await waitFor(() => expect(within(preview).getByText('Soup of the day')).toBeTruthy());
    const band = preview.firstElementChild as HTMLElement;
    await waitFor(() => expect(band.style.getPropertyValue('--marquee-seconds')).toBe(`${24 / 9}s`));
    fireEvent.click(screen.getByText('Middle'));
    await waitFor(() => expect(band.className).toContain('marquee__band--middle'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Transparent' }));
    await waitFor(() => expect(band.style.getPropertyValue('--marquee-background')).toBe('transparent'));

    submit();
    await waitFor(() => expect(api.callsTo('POST /manager/text')).toHaveLength(1));
    expect(api.callsTo('POST /manager/text')[0].body).toEqual({
      title: 'Lunch',
      content: 'Soup of the day',
      position: 'middle',
      direction: 'left',
      speed: 9,
      font_size: 48,
      color: '#ffffff',
      background_color: 'transparent',
      font_id: null,
    });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Text saved' })),
    );
  });

  it('picks a font for a text and previews the text in it', async () => {
    const api = server([textItem()], {
      'PATCH /manager/text/31': (body) => ok({ ...textItem(), ...(body as object) }),
    });
    await page();
    await screen.findByText('Opening hours', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Opening hours' }));
    await waitFor(() => expect(field('title').value).toBe('Opening hours'), slow);
    const select = document.getElementById('font_id') as HTMLElement;
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Brand Sans'));
    const preview = within(screen.getByRole('dialog')).getByTestId('marquee-preview');
    const band = preview.firstElementChild as HTMLElement;
    await waitFor(() => expect(band.style.fontFamily).toContain('vitrine-font-7'));
    submit();
    await waitFor(() => expect(api.callsTo('PATCH /manager/text/31')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/text/31')[0].body).toMatchObject({ font_id: 7 });
  });

  it('edits a text with its own values and shows a refusal above the form', async () => {
    const api = server([textItem()], {
      'PATCH /manager/text/31': () => ({ code: 404001, msg: 'This text no longer exists' }),
    });
    await page();
    await screen.findByText('Opening hours', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Opening hours' }));
    await waitFor(() => expect(field('title').value).toBe('Opening hours'), slow);
    expect(field('speed').value).toBe('4');
    type('title', 'Hours');
    submit();
    await waitFor(() => expect(api.callsTo('PATCH /manager/text/31')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/text/31')[0].body).toMatchObject({ title: 'Hours', speed: 4 });
    expect(await screen.findByText('This text no longer exists')).toBeTruthy();
    expect(screen.getByText('Edit text', { selector: '.ant-drawer-title' })).toBeTruthy();
  });

  it('previews a row and deletes a text only once DELETE is typed', async () => {
    const api = server(undefined, { 'DELETE /manager/text': () => ok() });
    await page();
    await screen.findByText('Sale', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Sale' }));
    const shown = await screen.findByRole('img', { name: 'Scrolling text: تخفيضات اليوم' });
    expect((shown.firstElementChild as HTMLElement).className).toBe(
      'marquee__band marquee__band--top marquee__band--right',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sale' }));
    const dialog = await screen.findByText(/Delete the text “Sale”/);
    const confirm = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', {
      name: 'Delete',
    }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/text')).toHaveLength(1));
    expect(api.callsTo('DELETE /manager/text')[0].body).toEqual({ ids: [32], detach: false });
  });

  it('offers to take a text out of the playlists that show it, and deletes it then', async () => {
    let detached = false;
    const api = server(undefined, {
      'DELETE /manager/text': () =>
        detached
          ? ok()
          : {
              code: 409001,
              msg: 'This text message is in use.',
              data: { uses: [{ kind: 'playlist', id: 5, name: 'Lobby loop' }] },
            },
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sale' }, slow));
    await screen.findByText(/Delete the text “Sale”/);
    fireEvent.change(screen.getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playlist: Lobby loop')).toBeTruthy();
    detached = true;
    fireEvent.click(screen.getByRole('button', { name: 'Remove it from them and delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/text')).toHaveLength(2));
    expect(api.callsTo('DELETE /manager/text')[1].body).toEqual({ ids: [32], detach: true });
    await waitFor(() => expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Deleted' })));
  });
});
