import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Role, type ServerProcess, type SystemSettings } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { ServerPage } from './ServerPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const now = new Date().toISOString();
const PROCESS: ServerProcess = {
  id: 'host-a:1:abc',
  address: 'host-a:8080',
  version: '1.4.2',
  built_at: now,
  database: 'pglite',
  started_at: now,
  heartbeat_at: now,
  stopped_at: null,
  status: 'running',
  players: 3,
  runs_jobs: true,
  job_types: ['mail', 'device-status'],
  recurring_jobs: [{ name: 'device-presence', last_run_at: now }],
  current: true,
};
const SETTINGS: SystemSettings = {
  public_url: null,
  default_language: 'en',
  default_timezone: 'UTC',
  schedule_confirm: true,
  registration_open: true,
  configured_public_url: 'http://localhost:8080',
};

function server() {
  return mockApi({
    'GET /manager/sys/server': () =>
      ok({
        list: [
          PROCESS,
          { ...PROCESS, id: 'host-b', address: 'host-b:8080', status: 'not_answering', current: false },
        ],
      }),
    'GET /manager/sys/setting/system': () => ok(SETTINGS),
    'POST /manager/sys/setting/system': (body) => ok({ ...SETTINGS, ...(body as object) }),
  });
}

beforeEach(() => registerNotifier({ open: notices }));
afterEach(() => {
  registerNotifier(null);
  notices.mockReset();
  vi.unstubAllGlobals();
});

describe('ServerPage', () => {
  it('lists the servers with their state, version and database', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:sys:list', 'setting:pms']);
    server();
    await renderPage(<ServerPage />, '/setting/server');
    expect(await screen.findByText('host-b:8080', { exact: false })).toBeTruthy();
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByText('Not answering')).toBeTruthy();
    expect(screen.getAllByText('Embedded')).toHaveLength(2);
    expect(screen.getAllByText('1.4.2', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('This server')).toBeTruthy();
  });

  it('saves the settings, sending an empty address as none', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:sys:list', 'setting:pms']);
    const api = server();
    await renderPage(<ServerPage />, '/setting/server');
    const registration = await screen.findByRole('switch', { name: 'Anyone may register a company' });
    fireEvent.click(registration);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /manager/sys/setting/system')).toHaveLength(1));
    expect(api.callsTo('POST /manager/sys/setting/system')[0].body).toEqual({
      public_url: null,
      default_language: 'en',
      default_timezone: 'UTC',
      schedule_confirm: true,
      registration_open: false,
    });
    await waitFor(() => expect(notices).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' })));
  });

  it('refuses an address with a path, with the server’s message', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:sys:list', 'setting:pms']);
    const api = server();
    await renderPage(<ServerPage />, '/setting/server');
    const address = await screen.findByRole('textbox', { name: 'Public address' });
    fireEvent.change(address, { target: { value: 'https://example.com/console' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter an address such as/)).toBeTruthy();
    expect(api.callsTo('POST /manager/sys/setting/system')).toHaveLength(0);
  });

  it('shows the settings read-only to the system operator', slow, async () => {
    signInAs(Role.systemOperator, ['setting', 'setting:sys:list']);
    server();
    await renderPage(<ServerPage />, '/setting/server');
    expect(await screen.findByText('Only the system administrator can change these settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(
      screen.getByRole('switch', { name: 'Anyone may register a company' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
