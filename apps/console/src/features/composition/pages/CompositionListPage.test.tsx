import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type CompositionItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { compositionDetail, compositionItem, templateItem } from '../../../test/composition';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { textItem } from '../../../test/text';
import { CompositionListPage } from './CompositionListPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const PATH = '/content/composition-list';

function server(items: CompositionItem[] = [compositionItem()], extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /manager/composition': () => ok({ list: items, total: items.length }),
    'GET /manager/composition-template': () => ok({ list: [templateItem()], total: 1 }),
    'GET /manager/composition/8': () => ok(compositionDetail()),
    'GET /manager/text': () => ok({ list: [textItem()], total: 1 }),
    'GET /manager/resource': () => ok({ list: [], total: 0 }),
    ...extra,
  });
}

const page = (url = PATH) =>
  renderPage(
    <>
      <ConfirmHost />
      <CompositionListPage />
    </>,
    url,
    PATH,
  );

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
/** Types into a field that takes effect when it is left. */
function commit(id: string, value: string) {
  fireEvent.change(input(id), { target: { value } });
  fireEvent.blur(input(id));
}
const editor = () => screen.findByRole('dialog', { name: /Composition editor/ }, slow);
const layers = () => within(screen.getByRole('list', { name: 'Layers' }));

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['res', 'res:composition:list', 'res:com-temp:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('CompositionListPage', { timeout: 40_000 }, () => {
  it('lists compositions with their layout, size and zones, and asks for the view in the address', async () => {
    server();
    await page(`${PATH}?keyword=lobby&sort=name,asc`);
    const row = (await screen.findByText('Lobby', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Layout of Lobby' }).querySelectorAll('rect')).toHaveLength(
      3,
    );
    expect(within(row).getByText('1920 × 1080')).toBeTruthy();
    expect(within(row).getByText('Landscape')).toBeTruthy();
    expect(within(row).getByText('1:30')).toBeTruthy();
    expect(Object.fromEntries(queriesTo('/manager/composition')[0])).toMatchObject({
      keyword: 'lobby',
      sort: 'name,asc',
    });
  });

  it('creates a blank composition: zones added and moved show in the inputs, undo takes them back', {
    timeout: 90_000,
  }, async () => {
    const api = server([], {
      'POST /manager/composition': (body) => ok({ ...compositionDetail(), ...(body as object), id: 12 }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /New composition/ }, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await editor();
    expect(within(dialog).getByText('Add a zone to start')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /Add zone/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Scrolling text/ }));
    await waitFor(() => expect(input('zone-name').value).toBe('Scrolling text 1'));
    expect([input('zone-x').value, input('zone-y').value, input('zone-width').value]).toEqual([
      '480',
      '270',
      '960',
    ]);

    commit('zone-height', '180');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Align bottom' }));
    await waitFor(() => expect(input('zone-y').value).toBe('900'));
    commit('zone-x', '5000');
    await waitFor(() => expect(input('zone-x').value).toBe('960'));
    const zone = screen.getByTestId('zone-Scrolling text 1');
    expect(zone.style.transform).toMatch(/translate\(/);

    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(input('zone-x').value).toBe('480'));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(input('zone-x').value).toBe('960'));

    fireEvent.mouseDown(input('zone-source'));
    fireEvent.click(await screen.findByTitle('Opening hours'));
    await waitFor(() => expect(layers().getByText('Opening hours')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    await waitFor(() => expect(api.callsTo('POST /manager/composition')).toHaveLength(1));
    expect(api.callsTo('POST /manager/composition')[0].body).toEqual({
      name: 'New composition',
      width: 1920,
      height: 1080,
      orientation: 0,
      background_color: '#000000',
      background_content_id: null,
      duration: 30,
      zones: [
        {
          name: 'Scrolling text 1',
          kind: 'text',
          x: 960,
          y: 900,
          width: 960,
          height: 180,
          background_color: 'transparent',
          settings: {},
          text_id: 31,
        },
      ],
    });
    // Saved once, the composition has its id: the next save replaces it.
    await waitFor(() => expect(screen.queryByText('Unsaved')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    await waitFor(() => expect(api.callsTo('PUT /manager/composition/12')).toHaveLength(1));
  });

  it('refuses a composition without a name or zones with the spec messages, sending nothing', async () => {
    const api = server([]);
    await page(`${PATH}?edit=new&width=1080&height=1920&orientation=90`);
    const dialog = await editor();
    expect(within(dialog).getByRole('region', { name: 'Canvas, 1080 × 1920 pixels' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Composition' }));
    await waitFor(() => expect(input('composition-name')).toBeTruthy(), slow);
    fireEvent.change(input('composition-name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Please input the name')).toBeTruthy();
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    expect(api.callsTo('POST /manager/composition')).toHaveLength(0);
  });

  it('edits a saved composition from its address and replaces it', async () => {
    const api = server(undefined, {
      'PUT /manager/composition/8': (body) => ok({ ...compositionDetail(), ...(body as object) }),
    });
    await page(`${PATH}?edit=8`);
    await editor();
    expect(layers().getByText('Ticker')).toBeTruthy();
    fireEvent.click(layers().getByText('Main'));
    await waitFor(() => expect(input('zone-name').value).toBe('Main'));
    fireEvent.click(screen.getByRole('button', { name: 'Bring forward' }));
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    await waitFor(() => expect(api.callsTo('PUT /manager/composition/8')).toHaveLength(1));
    const body = api.callsTo('PUT /manager/composition/8')[0].body as { zones: { name: string }[] };
    expect(body.zones.map((zone) => zone.name)).toEqual(['Ticker', 'Main']);
    expect(body.zones[0]).toMatchObject({ text_id: 31, kind: 'text' });
  });

  it('starts a composition from a template, its zones named in the page language', async () => {
    server([]);
    await page(`${PATH}?edit=new&template=3`);
    await editor();
    expect(input('zone-name').value).toBe('Ticker');
    expect(layers().getByText('Main')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Composition' }));
    await waitFor(() => expect(input('composition-name').value).toBe('Main and ticker'), slow);
  });

  it('deletes an in-use composition only after offering to remove it from what uses it', async () => {
    const api = server(undefined, {
      'DELETE /manager/composition': (body) =>
        (body as { detach: boolean }).detach
          ? ok()
          : { code: 409001, msg: 'In use', data: { uses: [{ kind: 'schedule', id: 4, name: 'Mornings' }] } },
    });
    await page();
    await screen.findByText('Lobby', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lobby' }));
    fireEvent.change(await screen.findByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    expect(await screen.findByText(/Mornings/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from them and delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/composition')).toHaveLength(2));
    expect(api.callsTo('DELETE /manager/composition')[1].body).toEqual({ ids: [8], detach: true });
  });
});
