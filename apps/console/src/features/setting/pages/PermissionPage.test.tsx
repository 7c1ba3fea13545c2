import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_CEILING, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { PermissionPage } from './PermissionPage';

const slow = { timeout: 15_000 };
const roles = [
  {
    role_id: Role.system,
    name: 'system',
    permissions: [...ROLE_CEILING[Role.system]],
    ceiling: [...ROLE_CEILING[Role.system]],
    defaults: [...DEFAULT_ROLE_PERMISSIONS[Role.system]],
  },
  {
    role_id: Role.user,
    name: 'user',
    permissions: [...DEFAULT_ROLE_PERMISSIONS[Role.user]],
    ceiling: [...ROLE_CEILING[Role.user]],
    defaults: [...DEFAULT_ROLE_PERMISSIONS[Role.user]],
  },
];

/** The checkbox of one permission key, found by the key printed beside its label. */
const box = (key: string) =>
  screen
    .getAllByText(key, { selector: 'code' })
    .map((code) => code.closest('label')?.querySelector('input') as HTMLInputElement)[0];

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.system, ['setting', 'setting:pms'], null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('PermissionPage', { timeout: 30_000 }, () => {
  it("greys out what is above a role's ceiling and saves the role's own choice", async () => {
    const api = mockApi({
      'GET /manager/account/role/permission': () => ok(roles),
      'PUT /manager/account/role/permission/4': () => ok(),
    });
    await renderPage(<PermissionPage />, '/setting/permission?role=4', '/setting/permission');
    await screen.findByText('Changes reach users who are signed in at their next request.', {}, slow);

    // Above the user role's ceiling: shown, never tickable.
    expect(box('team:user:add').disabled).toBe(true);
    // Never within reach of the role and opening no page for it: not listed.
    expect(screen.queryByText('setting:pms', { selector: 'code' })).toBeNull();
    // Each key by its name, the key beneath it.
    expect(box('team:user:add').closest('label')?.textContent).toBe(
      'Add and edit users and companiesteam:user:add',
    );
    // Within it: tickable, and ticked as the server said.
    expect(box('schedule:audit').disabled).toBe(false);
    expect(box('schedule:audit').checked).toBe(false);
    expect(box('res:image:list').checked).toBe(true);

    fireEvent.click(box('schedule:audit'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(api.callsTo('PUT /manager/account/role/permission/4')).toHaveLength(1));
    const sent = (api.callsTo('PUT /manager/account/role/permission/4')[0].body as { permissions: string[] })
      .permissions;
    expect(sent).toContain('schedule:audit');
    expect(sent.every((key) => ROLE_CEILING[Role.user].includes(key as never))).toBe(true);
  });

  it('lists no entry that opens no page for the role', async () => {
    mockApi({ 'GET /manager/account/role/permission': () => ok(roles) });
    await renderPage(<PermissionPage />, '/setting/permission?role=1', '/setting/permission');
    await screen.findByText('Changes reach users who are signed in at their next request.', {}, slow);
    // The system role holds the image library, which is not its page; the upgrade list, its
    // history and every OTA page are.
    expect(screen.queryByText('res:image:list', { selector: 'code' })).toBeNull();
    for (const key of [
      'device:ota:list',
      'setting:ota-history',
      'ota:pkg:list',
      'ota:plan:list',
      'ota:appkey:list',
      'ota:custom-validation-rule:list',
      'ota:device-key:list',
    ]) {
      expect(box(key).checked).toBe(true);
    }
    expect(box('setting:pms').checked).toBe(true);
    expect(box('team:user:list').checked).toBe(true);
  });

  it("keeps the system role's own matrix permission", async () => {
    mockApi({ 'GET /manager/account/role/permission': () => ok(roles) });
    await renderPage(<PermissionPage />, '/setting/permission', '/setting/permission');
    await screen.findByText('Changes reach users who are signed in at their next request.', {}, slow);
    expect(box('setting:pms').checked).toBe(true);
    expect(box('setting:pms').disabled).toBe(true);
    expect(box('setting:font-manage').disabled).toBe(false);
  });
});
