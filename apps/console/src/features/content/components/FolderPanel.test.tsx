import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ContentType, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { folder } from '../../../test/content';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs } from '../../../test/team';
import { FolderPanel } from './FolderPanel';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const NOT_EMPTY = 'Move or delete the content of this folder first';
const FOLDERS = [folder(), folder({ folder_id: 5, name: 'Promo', is_default: false, count: 0 })];

const server = (extra: Record<string, ApiHandler> = {}) =>
  mockApi({ 'GET /manager/resource/folder': () => ok(FOLDERS), ...extra });

async function panel(selected?: number) {
  const onSelect = vi.fn();
  await renderPage(
    <>
      <ConfirmHost />
      <FolderPanel type={ContentType.image} selected={selected} onSelect={onSelect} />
    </>,
    '/content/image',
  );
  await screen.findByText('Promo', {}, slow);
  return onSelect;
}

async function confirmDeletion() {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
  const button = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

beforeEach(() => {
  notices.mockClear();
  registerNotifier({ open: notices });
  signInAs(Role.owner, ['res', 'res:image:list']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('FolderPanel', { timeout: 30_000 }, () => {
  it('names the default folder in the reader’s language and never offers to rename or delete it', async () => {
    server();
    await panel();
    expect(screen.getByText('Default folder')).toBeTruthy();
    expect(screen.queryByText('Default')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rename folder Promo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete folder Promo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rename folder Default/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete folder Default/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Rename folder/ })).toHaveLength(1);
  });

  it("asks for the counts of the page's type only", async () => {
    server();
    await panel();
    expect(queriesTo('/manager/resource/folder').map((query) => query.get('type'))).toEqual([
      String(ContentType.image),
    ]);
  });

  it('shows one folder or all of them', async () => {
    server();
    const onSelect = await panel(5);
    expect(screen.getByText('Promo').closest('button')?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByText('Default folder'));
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByText('All folders'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('creates a folder', async () => {
    const api = server({
      'POST /manager/resource/folder': (body) =>
        ok(folder({ folder_id: 6, is_default: false, ...(body as object) })),
    });
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Folder name'), { target: { value: ' Events ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /manager/resource/folder')).toHaveLength(1));
    expect(api.callsTo('POST /manager/resource/folder')[0].body).toEqual({ name: 'Events' });
  });

  it('renames a folder', async () => {
    const api = server({
      'PATCH /manager/resource/folder/5': (body) =>
        ok(folder({ folder_id: 5, is_default: false, ...(body as object) })),
    });
    await panel();
    fireEvent.click(screen.getByRole('button', { name: 'Rename folder Promo' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Folder name') as HTMLInputElement;
    expect(input.value).toBe('Promo');
    fireEvent.change(input, { target: { value: 'Offers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /manager/resource/folder/5')).toHaveLength(1));
    expect(api.callsTo('PATCH /manager/resource/folder/5')[0].body).toEqual({ name: 'Offers' });
  });

  it("tells the server's reason when it keeps a folder", async () => {
    const api = server({ 'DELETE /manager/resource/folder/5': () => ({ code: 409001, msg: NOT_EMPTY }) });
    const onSelect = await panel(5);
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder Promo' }));
    await confirmDeletion();
    await waitFor(() => expect(api.callsTo('DELETE /manager/resource/folder/5')).toHaveLength(1));
    await waitFor(() =>
      expect(notices).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', description: NOT_EMPTY }),
      ),
    );
    expect(notices).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('shows all folders again once the shown folder is deleted', async () => {
    const api = server({ 'DELETE /manager/resource/folder/5': () => ok() });
    const onSelect = await panel(5);
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder Promo' }));
    await confirmDeletion();
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(null));
    expect(api.callsTo('DELETE /manager/resource/folder/5')).toHaveLength(1);
  });
});
