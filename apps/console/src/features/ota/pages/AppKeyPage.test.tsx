import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AppKeyItem, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { type ApiHandler, mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { AppKeyPage } from './AppKeyPage';

const slow = { timeout: 15_000 };
const notices = vi.fn();
const SECRET = 'q3v1Zk0rL8pXw2Yt7sNc4HdE9aBfGm6uJiOlKeRyT5U';

const item = (overrides: Partial<AppKeyItem> = {}): AppKeyItem => ({
  id: 7,
  name: 'Lobby kiosks',
  package: 'com.acme.signage',
  created_by: 'Ada',
  created_at: '2026-11-05T08:00:00.000Z',
  last_used_at: null,
  ...overrides,
});

const server = (extra: Record<string, ApiHandler> = {}) =>
  mockApi({ 'GET /manager/ota/appkey': () => ok({ list: [item()], total: 1 }), ...extra });

const page = () =>
  renderPage(
    <>
      <ConfirmHost />
      <AppKeyPage />
    </>,
    '/ota/appkey',
  );

beforeEach(() => {
  registerNotifier({ open: notices });
  signInAs(Role.system, ['ota', 'ota:appkey:list']);
});

afterEach(() => {
  registerNotifier(null);
  notices.mockReset();
});

describe('AppKeyPage', { timeout: 30_000 }, () => {
  it('lists keys without secrets: the package as code, never used', async () => {
    server();
    await page();
    const row = (await screen.findByText('Lobby kiosks', {}, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('\u2066com.acme.signage\u2069').closest('code')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Rotate the key of com.acme.signage' })).toBeTruthy();
  });

  it('checks the package, then shows the new secret once with a copy button', async () => {
    const api = server({
      'POST /manager/ota/appkey': () =>
        ok({ key: item({ id: 8, package: 'com.acme.player' }), secret: SECRET }),
    });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: /Add app key/ }, slow));
    fireEvent.change(document.getElementById('name') as HTMLElement, { target: { value: 'Lobby' } });
    fireEvent.change(document.getElementById('package') as HTMLElement, { target: { value: 'acme' } });
    fireEvent.click(document.getElementById('otaAppKeyFormSubmit') as HTMLElement);
    expect(await screen.findByText(/Enter the package as an application id/)).toBeTruthy();
    expect(api.callsTo('POST /manager/ota/appkey')).toHaveLength(0);

    fireEvent.change(document.getElementById('package') as HTMLElement, {
      target: { value: 'com.acme.player' },
    });
    fireEvent.click(document.getElementById('otaAppKeyFormSubmit') as HTMLElement);
    const shown = await screen.findByTestId('shown-secret', {}, slow);
    expect(api.callsTo('POST /manager/ota/appkey')[0].body).toEqual({
      name: 'Lobby',
      package: 'com.acme.player',
    });
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /Copy/ })).toBeTruthy();
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    // Closing it is the journey's (jsdom never ends the dialog's closing animation).
  });

  it('rotates a key after confirming and shows the new secret', async () => {
    const api = server({ 'POST /manager/ota/appkey/7/rotate': () => ok({ key: item(), secret: SECRET }) });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate the key of com.acme.signage' }, slow));
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText(SECRET, {}, slow)).toBeTruthy();
    expect(api.callsTo('POST /manager/ota/appkey/7/rotate')).toHaveLength(1);
  });

  it('deletes a key after the typed confirmation', async () => {
    const api = server({ 'DELETE /manager/ota/appkey': () => ok() });
    await page();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the key of com.acme.signage' }, slow));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /manager/ota/appkey')[0]?.body).toEqual({ ids: [7] }));
  });
});
