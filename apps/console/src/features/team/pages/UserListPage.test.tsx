import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIST_TOTAL_CAP, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { queriesTo, signInAs, userItem, workspaceNode } from '../../../test/team';
import { UserListPage } from './UserListPage';

const OWNER_PERMISSIONS = ['team', 'team:user:list', 'team:user:info', 'team:user:add', 'workspace:tree'];
const notices = vi.fn();
/** The first render loads the page's messages and Ant Design's styles: slower than the default 1 s. */
const slow = { timeout: 15_000 };

function server(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /manager/account/user': () =>
      ok({
        list: [userItem(), userItem({ user_id: 22, username: 'linus', email: 'linus@example.com' })],
        total: 120,
        total_capped: false,
      }),
    'GET /manager/account/role/all-list': () =>
      ok([
        { role_id: Role.userAdmin, name: 'userAdmin' },
        { role_id: Role.user, name: 'user' },
      ]),
    'GET /manager/account/workspace/select-list': () => ok({ result: [workspaceNode()] }),
    'GET /manager/account/group/category': () => ok([{ category_id: 5, name: 'Lobby team', user_count: 1 }]),
    ...extra,
  });
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.owner, OWNER_PERMISSIONS);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

const page = (url: string) =>
  renderPage(
    <>
      <ConfirmHost />
      <UserListPage />
    </>,
    url,
    '/user/list',
  );

// The first render loads messages and styles on a cold start: several seconds when the machine is busy.
describe('UserListPage', { timeout: 30_000 }, () => {
  it('asks for the view written in the address', async () => {
    server();
    await page(
      '/user/list?keyword=gra&role_id=4&status=0&category_id=5&sort=username,asc&page=2&page_size=50',
    );
    expect(await screen.findByText('grace@example.com', {}, slow)).toBeTruthy();
    const [query] = queriesTo('/manager/account/user');
    expect(Object.fromEntries(query)).toEqual({
      keyword: 'gra',
      role_id: '4',
      status: '0',
      category_id: '5',
      sort: 'username,asc',
      page: '2',
      page_size: '50',
    });
    expect(screen.getByRole('heading', { name: 'manage member' })).toBeTruthy();
  });

  it('shows the exact count under the cap', async () => {
    server();
    await page('/user/list');
    expect(await screen.findByText('120 in total', {}, slow)).toBeTruthy();
  });

  it('shows "1,000+" past the cap and offers the next page while pages are full', async () => {
    const full = Array.from({ length: 20 }, (_, i) =>
      userItem({ user_id: 100 + i, username: `user${i}`, email: `user${i}@example.com` }),
    );
    const last = LIST_TOTAL_CAP / 20;
    server({
      'GET /manager/account/user': () => ok({ list: full, total: LIST_TOTAL_CAP, total_capped: true }),
    });
    await page(`/user/list?page=${last}`);
    const label = `${LIST_TOTAL_CAP.toLocaleString('en-US')}+ in total`;
    expect(label).toBe('1,000+ in total');
    expect(await screen.findByText(label, {}, slow)).toBeTruthy();
    // The count stopped at the cap, the list did not: one page past it is offered.
    expect(screen.getByTitle(String(last + 1))).toBeTruthy();
    fireEvent.click(screen.getByTitle(String(last + 1)));
    await waitFor(() =>
      expect(queriesTo('/manager/account/user').at(-1)?.get('page')).toBe(String(last + 1)),
    );
  });

  it('writes a new search into the address and asks again from page 1', async () => {
    server();
    await page('/user/list?page=3');
    await screen.findByText('grace@example.com', {}, slow);
    const search = document.getElementById('userKeyword') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'linus' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(queriesTo('/manager/account/user').at(-1)?.get('keyword')).toBe('linus'));
    expect(queriesTo('/manager/account/user').at(-1)?.get('page')).toBe('1');
  });

  it('opens the add drawer from ?act=add', async () => {
    server();
    await page('/user/list?act=add');
    expect((await screen.findAllByText('Add a member', {}, slow)).length).toBeGreaterThan(0);
    expect(document.getElementById('userForm_email')).toBeTruthy();
  });

  it('is titled "manage use admin" for a customer', async () => {
    server();
    signInAs(Role.customer, ['team', 'team:user:list'], null);
    await page('/user/list');
    expect(await screen.findByRole('heading', { name: 'manage use admin' }, slow)).toBeTruthy();
  });

  it('deletes a member only once DELETE is typed', async () => {
    const api = server({ 'DELETE /manager/account/user/22': () => ok() });
    await page('/user/list');
    await screen.findByText('linus@example.com', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'More actions for linus' }));
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/linus/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByPlaceholderText('DELETE'), { target: { value: 'DELETE' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(api.callsTo('DELETE /manager/account/user/22')).toHaveLength(0);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE /manager/account/user/22')).toHaveLength(1));
  });
});
