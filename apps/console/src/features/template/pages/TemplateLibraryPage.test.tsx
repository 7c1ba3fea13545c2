/**
 * Frames are not loaded: the tests look at what they are given.
 * @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContentType, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { folder } from '../../../test/content';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { h5Item, templateType } from '../../../test/template';
import { TemplateLibraryPage } from './TemplateLibraryPage';

// The drop zone is the upload panel's (features/upload): here only what the page hands it.
vi.mock('../../upload/components/UploadDropzone', () => ({
  UploadDropzone: ({ type }: { type: number }) => <div data-testid="dropzone" data-type={type} />,
}));

const slow = { timeout: 15_000 };
const notices = vi.fn();
const TYPES = [
  templateType({ id: 1, name: 'Menu boards', name_key: 'templateType.shipped.menuBoard', platform: true }),
  templateType(),
];
const TEMPLATES = [
  h5Item(),
  h5Item({ id: 52, name: 'Menu.zip', template_type_id: null }),
  h5Item({
    id: 53,
    name: 'Broken.zip',
    template_type_id: null,
    entry_url: null,
    state: 'failed',
    problem: 'h5.noIndex',
  }),
];

function server(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/resource': () => ok({ list: TEMPLATES, total: TEMPLATES.length }),
    'GET /manager/resource/folder': () => ok([folder()]),
    'GET /manager/template-type': () => ok(TYPES),
    ...extra,
  });
}

const page = (search = '') =>
  renderPage(
    <>
      <ConfirmHost />
      <TemplateLibraryPage />
    </>,
    `/content/tmp${search}`,
    '/content/tmp',
  );

const lastQuery = () => Object.fromEntries(queriesTo('/manager/resource').at(-1) ?? []);

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['res', 'res:template:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('TemplateLibraryPage', { timeout: 30_000 }, () => {
  it('shows the H5 packages with their types, and why a package was refused', async () => {
    server();
    await page();
    expect(await screen.findByRole('heading', { name: 'Mobile templates' }, slow)).toBeTruthy();
    const card = (await screen.findByText('Welcome.zip')).closest('li') as HTMLElement;
    expect(within(card).getByText('Lobby')).toBeTruthy();
    const untyped = screen.getByText('Menu.zip').closest('li') as HTMLElement;
    expect(within(untyped).getByText('No type')).toBeTruthy();
    const broken = screen.getByText('Broken.zip').closest('li') as HTMLElement;
    expect(within(broken).getByText('Failed')).toBeTruthy();
    const reason = within(broken).getByText(/index\.html/);
    expect(reason.textContent).toBe('The package has no index.html at its top');
    expect(screen.getAllByRole('img', { name: 'Mobile template' })).toHaveLength(3);
    expect(screen.getByTestId('dropzone').dataset.type).toBe(String(ContentType.h5));
    expect(screen.getByText(/at most 1000 files and 200\.0 MB unpacked/)).toBeTruthy();
    expect(lastQuery()).toEqual({ type: '5', page: '1', page_size: '20', deleted: '0' });
    // Who may not change the types is not led to them.
    expect(screen.queryByRole('link', { name: 'Manage types' })).toBeNull();
  });

  it('filters by template type with tabs kept in the address, and leads to the types', async () => {
    signInAs(Role.owner, ['res', 'res:template:list', 'setting', 'setting:template-type:list']);
    server();
    await page('?template_type_id=4');
    await screen.findByText('Welcome.zip', {}, slow);
    expect(lastQuery()).toMatchObject({ type: '5', template_type_id: '4' });
    const lobby = await screen.findByRole('tab', { name: 'Lobby' });
    expect(lobby.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Menu boards' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ template_type_id: '1' }));
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('template_type_id'));
    fireEvent.click(screen.getByRole('link', { name: 'Manage types' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/setting/tmptype');
  });

  it("sets a template's type from its menu", async () => {
    const api = server({ 'PUT /manager/resource/52/template-type': () => ok(TEMPLATES[1]) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Menu.zip' }, slow));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Set template type' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Template type of Menu.zip')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Menu boards'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/resource/52/template-type')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/resource/52/template-type')[0].body).toEqual({ template_type_id: 1 });
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'The template type has been set.' }),
      ),
    );
  });

  it('previews a package in a frame that may only run scripts, landscape or portrait', async () => {
    server({ 'GET /manager/resource/51': () => ok(TEMPLATES[0]) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Welcome.zip' }, slow));
    const dialog = await screen.findByRole('dialog');
    const frame = await waitFor(() => {
      const found = dialog.querySelector('iframe');
      expect(found).toBeTruthy();
      return found as HTMLIFrameElement;
    });
    expect(frame.getAttribute('src')).toBe(TEMPLATES[0].entry_url);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.style.width).toBe('1920px');
    fireEvent.click(within(dialog).getByText('Portrait'));
    await waitFor(() => expect(frame.style.width).toBe('1080px'));
    expect(frame.style.height).toBe('1920px');
  });

  it('previews a package that declares its size at that size, and a refused one not at all', async () => {
    const portrait = h5Item({ id: 54, name: 'Kiosk.zip', width: 1080, height: 1920 });
    server({
      'GET /manager/resource': () => ok({ list: [portrait, TEMPLATES[2]], total: 2 }),
      'GET /manager/resource/54': () => ok(portrait),
      'GET /manager/resource/53': () => ok(TEMPLATES[2]),
    });
    await page('?id=54');
    const dialog = await screen.findByRole('dialog', {}, slow);
    await waitFor(() => expect(dialog.querySelector('iframe')?.style.height).toBe('1920px'));
    expect(within(dialog).queryByText('Portrait')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Broken.zip' }));
    const refused = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    await waitFor(() => expect(within(refused).getAllByText(/index\.html/).length).toBeGreaterThan(0));
    expect(refused.querySelector('iframe')).toBeNull();
  });
});
