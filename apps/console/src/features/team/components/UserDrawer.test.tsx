import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs, userItem, workspaceNode } from '../../../test/team';
import { UserDrawer } from './UserDrawer';

const slow = { timeout: 15_000 };
const LIMIT_MESSAGE = 'The number of users created by this company has exceeded the maximum.';
const notices = vi.fn();

function server(create: Parameters<typeof mockApi>[0][string]) {
  return mockApi({
    'GET /manager/account/role/all-list': () => ok([{ role_id: Role.user, name: 'user' }]),
    'GET /manager/account/workspace/select-list': () => ok({ result: [workspaceNode()] }),
    'GET /manager/account/group/category': () => ok([]),
    'POST /manager/account/user': create,
  });
}

const field = (name: string) => document.getElementById(`userForm_${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(document.getElementById('userFormSubmit')!);

async function openDrawer(onClose = vi.fn()) {
  await renderPage(<UserDrawer open user={null} onClose={onClose} />, '/user/list');
  await waitFor(() => expect(field('email')).toBeTruthy(), slow);
  // The only role a user admin may hand out is chosen for them.
  await waitFor(() => expect(screen.getByTitle('User')).toBeTruthy());
  return onClose;
}

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.userAdmin, ['team:user:list', 'team:user:add', 'workspace:tree']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});

// The first render loads messages and styles on a cold start: several seconds when the machine is busy.
describe('UserDrawer', { timeout: 30_000 }, () => {
  it('checks the email and a name of at most 64 characters before calling', async () => {
    const api = server(() => ok(userItem()));
    await openDrawer();
    submit();
    expect(await screen.findByText('Please input the email', {}, slow)).toBeTruthy();
    type('email', 'not-an-email');
    type('username', 'x'.repeat(65));
    submit();
    expect(await screen.findByText('Please input the correct email format')).toBeTruthy();
    expect(await screen.findByText('Names can be at most 64 characters long')).toBeTruthy();
    expect(api.callsTo('POST /manager/account/user')).toHaveLength(0);
  });

  it('sends the new member and closes', async () => {
    const api = server(() => ok(userItem()));
    const onClose = await openDrawer();
    type('email', ' Grace@Example.com ');
    type('username', 'grace');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /manager/account/user')[0].body).toEqual({
      email: 'grace@example.com',
      username: 'grace',
      nickname: null,
      role_id: Role.user,
      group_id: 11,
      category_id: null,
    });
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'An invitation was sent to grace@example.com.' }),
    );
  });

  it("shows the company's user limit (409003) in the drawer", async () => {
    server(() => ({ code: 409003, msg: LIMIT_MESSAGE }));
    const onClose = await openDrawer();
    type('email', 'grace@example.com');
    type('username', 'grace');
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', LIMIT_MESSAGE);
    expect(onClose).not.toHaveBeenCalled();
    // The drawer says it itself: no second "tips" notice.
    expect(notices).not.toHaveBeenCalled();
  });
});
