import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Role, type TemplateType } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { templateType } from '../../../test/template';
import { TemplateTypePage } from './TemplateTypePage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const SHIPPED = templateType({
  id: 1,
  name: 'Menu boards',
  name_key: 'templateType.shipped.menuBoard',
  sort: 0,
  platform: true,
  editable: false,
  content_count: 5,
});
const OWN = templateType();

function server(types: TemplateType[] = [SHIPPED, OWN], extra: Record<string, ApiHandler> = {}) {
  return mockApi({ 'GET /manager/template-type': () => ok(types), ...extra });
}

const page = () =>
  renderPage(
    <>
      <ConfirmHost />
      <TemplateTypePage />
    </>,
    '/setting/tmptype',
  );

async function openDrawer(button: string | RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: button }, slow));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['setting', 'setting:template-type:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

describe('TemplateTypePage', { timeout: 30_000 }, () => {
  it('lists the types in order with their counts, editable only where allowed', async () => {
    server();
    await page();
    expect(await screen.findByRole('heading', { name: 'Mobile template types' }, slow)).toBeTruthy();
    const shipped = (await screen.findByText('Menu boards')).closest('tr') as HTMLElement;
    expect(within(shipped).getByText('Platform')).toBeTruthy();
    expect(within(shipped).getByText('5')).toBeTruthy();
    expect(within(shipped).queryByRole('button')).toBeNull();
    expect(
      within(shipped).getByRole('img', { name: 'Kept by the platform: it cannot be changed here' }),
    ).toBeTruthy();
    const own = screen.getByText('Lobby').closest('tr') as HTMLElement;
    expect(within(own).getByText('Company')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Edit Lobby' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Delete Lobby' })).toBeTruthy();
  });

  it("adds a type after the others, checking the name with the spec's messages", async () => {
    const api = server(undefined, {
      'POST /manager/template-type': (body) => ok({ ...OWN, ...(body as object) }),
    });
    await page();
    const drawer = await openDrawer(/Add template type/);
    const sort = within(drawer).getByLabelText('Sort order') as HTMLInputElement;
    expect(sort.value).toBe('20');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Please input the name')).toBeTruthy();
    const name = within(drawer).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'x'.repeat(65) } });
    expect(await within(drawer).findByText('Names can be at most 64 characters long')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' Menus ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /manager/template-type')).toHaveLength(1));
    expect(api.callsTo('POST /manager/template-type')[0].body).toEqual({ name: 'Menus', sort: 20 });
    await waitFor(() => expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title: 'Saved.' })));
  });

  it("keeps the form open with the server's message when the name is taken", async () => {
    server(undefined, {
      'PUT /manager/template-type/4': () => ({
        code: 409000,
        msg: 'A template type with this name already exists',
      }),
    });
    await page();
    const drawer = await openDrawer('Edit Lobby');
    const name = within(drawer).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Lobby');
    fireEvent.change(name, { target: { value: 'Menu boards' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect((await within(drawer).findByRole('alert')).textContent).toContain(
      'A template type with this name already exists',
    );
    expect(screen.getByRole('dialog')).toBe(drawer);
  });

  it("deletes once DELETE is typed; a type in use is refused with the server's message", async () => {
    let used = true;
    const api = server(undefined, {
      'DELETE /manager/template-type/4': () =>
        used
          ? { code: 409000, msg: 'This template type is used by 2 templates. Give them another type first.' }
          : ok(),
    });
    await page();
    const remove = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete Lobby' }, slow));
      const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
      expect(within(dialog).getByText('The template type "Lobby" will be deleted.')).toBeTruthy();
      fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
      const ok = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
      await waitFor(() => expect(ok.disabled).toBe(false));
      fireEvent.click(ok);
    };
    await remove();
    await waitFor(() => expect(api.callsTo('DELETE /manager/template-type/4')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'This template type is used by 2 templates. Give them another type first.',
        }),
      ),
    );
    used = false;
    await remove();
    await waitFor(() => expect(api.callsTo('DELETE /manager/template-type/4')).toHaveLength(2));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'The template type has been deleted.' }),
      ),
    );
  });
});
