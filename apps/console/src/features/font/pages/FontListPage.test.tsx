import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FONT_MAX_BYTES, type FontItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { fontItem } from '../../../test/font';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { FONT_SAMPLE, FontListPage } from './FontListPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const PLATFORM = fontItem({
  id: 3,
  name: 'Platform Serif',
  family: 'vitrine-font-3',
  format: 'otf',
  platform: true,
  editable: false,
});

function server(items: FontItem[] = [fontItem(), PLATFORM], extra: Record<string, ApiHandler> = {}) {
  return mockApi({ 'GET /manager/font': () => ok({ list: items, total: items.length }), ...extra });
}

const page = (url = '/setting/font') =>
  renderPage(
    <>
      <ConfirmHost />
      <FontListPage />
    </>,
    url,
    '/setting/font',
  );

const choose = (files: File[]) => fireEvent.change(screen.getByTestId('font-file'), { target: { files } });

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['setting', 'setting:font-manage']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('FontListPage', { timeout: 30_000 }, () => {
  it('lists platform and company fonts, each previewed in its own family, editable only where allowed', async () => {
    server();
    await page('/setting/font?keyword=sans&sort=name,asc');
    expect(await screen.findByText('Brand Sans', {}, slow)).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/font')[0])).toMatchObject({
      keyword: 'sans',
      sort: 'name,asc',
    });
    const own = screen.getByText('Brand Sans').closest('tr') as HTMLElement;
    expect(within(own).getByText('Company')).toBeTruthy();
    expect(within(own).getByText('WOFF2')).toBeTruthy();
    expect(within(own).getByText('47.0 KB')).toBeTruthy();
    const sample = within(own).getByText(FONT_SAMPLE);
    expect(sample.style.fontFamily).toContain('vitrine-font-7');
    expect(within(own).getByRole('button', { name: 'Rename Brand Sans' })).toBeTruthy();
    const platform = screen.getByText('Platform Serif').closest('tr') as HTMLElement;
    expect(within(platform).getByText('Platform')).toBeTruthy();
    expect(within(platform).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('uploads font files one after another and refuses others by name and size before sending', async () => {
    const api = server([], { 'POST /manager/font': () => ok(fontItem()) });
    await page();
    await screen.findByRole('button', { name: /Upload font/ }, slow);
    const big = new File(['x'], 'Huge.ttf');
    Object.defineProperty(big, 'size', { value: FONT_MAX_BYTES + 1 });
    choose([
      new File(['wOF2'], 'Brand.woff2'),
      new File(['MZ'], 'setup.exe'),
      big,
      new File(['OTTO'], 'Serif.otf'),
    ]);
    await waitFor(() => expect(api.callsTo('POST /manager/font')).toHaveLength(2));
    expect(
      queriesTo('/manager/font')
        .filter((query) => query.has('name'))
        .map((query) => query.get('name')),
    ).toEqual(['Brand.woff2', 'Serif.otf']);
    expect(api.callsTo('POST /manager/font')[0].body).toBeInstanceOf(Blob);
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'setup.exe: only TTF, OTF, WOFF and WOFF2 fonts can be uploaded' }),
      ),
    );
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Huge.ttf: Fonts must be 20 MB or smaller' }),
    );
  });

  it('renames a font', async () => {
    const api = server(undefined, {
      'PATCH /manager/font/7': (body) => ok({ ...fontItem(), ...(body as object) }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Brand Sans' }, slow));
    const input = (await screen.findByDisplayValue('Brand Sans')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' Headline ' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('PATCH /manager/font/7')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/font/7')[0].body).toEqual({ name: 'Headline' });
  });

  it('deletes once DELETE is typed, and offers the default font to the texts that use it', async () => {
    let detached = false;
    const api = server(undefined, {
      'DELETE /manager/font/7': () =>
        detached
          ? ok()
          : {
              code: 409001,
              msg: 'This font is used by text messages.',
              data: { uses: [{ kind: 'text', id: 31, name: 'Opening hours' }] },
            },
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Brand Sans' }, slow));
    await screen.findByText(/Delete the font “Brand Sans”/);
    fireEvent.change(screen.getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/font/7')).toHaveLength(1));
    expect(await screen.findByText('Text message: Opening hours')).toBeTruthy();
    detached = true;
    fireEvent.click(screen.getByRole('button', { name: 'Use the default font there and delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/font/7')).toHaveLength(2));
    expect(queriesTo('/manager/font/7').at(-1)?.get('detach')).toBe('1');
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Font deleted' })),
    );
  });
});
