import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type MailServerState, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { MailServerPage } from './MailServerPage';

const slow = { timeout: 15_000 };
const SAVED: MailServerState = {
  server: {
    host: 'smtp.acme.example',
    port: 587,
    security: 'starttls',
    user: 'screens',
    password_set: true,
    from_address: 'screens@acme.example',
    from_name: 'Acme Screens',
    updated_at: '2026-11-20T10:00:00.000Z',
  },
  fallback: 'outbox',
};

const label = (text: string) => screen.getByLabelText(text) as HTMLInputElement;

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.system, ['setting', 'setting:sys:mail-config'], null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('MailServerPage', { timeout: 30_000 }, () => {
  it('never fills the password, keeps the saved one on save, and can remove it', async () => {
    const api = mockApi({
      'GET /manager/sys/mail/server': () => ok(SAVED),
      'PUT /manager/sys/mail/server': () => ok(SAVED),
    });
    await renderPage(<MailServerPage />, '/setting/mailserver');
    await screen.findByText('Mail is sent through this server.', {}, slow);
    expect(label('SMTP host').value).toBe('smtp.acme.example');
    expect(label('Password').value).toBe('');
    expect(label('Password').placeholder).toBe('Saved password kept');
    expect(screen.getByText(/A password is saved/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/sys/mail/server')).toHaveLength(1));
    const kept = api.callsTo('PUT /manager/sys/mail/server')[0].body as Record<string, unknown>;
    expect(kept).toMatchObject({
      host: 'smtp.acme.example',
      port: 587,
      security: 'starttls',
      remove_password: false,
    });
    expect(kept.password).toBeUndefined();

    fireEvent.click(screen.getByLabelText('Remove the saved password'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/sys/mail/server')).toHaveLength(2));
    expect(api.callsTo('PUT /manager/sys/mail/server')[1].body).toMatchObject({ remove_password: true });
  });

  it('says where mail goes without a server, and shows a test mail’s real answer', async () => {
    const api = mockApi({
      'GET /manager/sys/mail/server': () => ok({ server: null, fallback: 'smtp_url' }),
      'POST /manager/sys/mail/server/test': () =>
        ok({
          ok: false,
          via: 'server',
          to: 'ops@acme.example',
          response: '535 Authentication credentials invalid',
          error_code: 'EAUTH',
        }),
    });
    await renderPage(<MailServerPage />, '/setting/mailserver');
    await screen.findByText(/mail goes through the server set with SMTP_URL/, {}, slow);
    fireEvent.change(label('SMTP host'), { target: { value: 'smtp.acme.example' } });
    fireEvent.change(label('User name'), { target: { value: 'screens' } });
    fireEvent.change(label('Password'), { target: { value: 'typed-secret' } });
    fireEvent.change(label('Recipient'), { target: { value: 'ops@acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test mail' }));

    expect(await screen.findByText('EAUTH: 535 Authentication credentials invalid', {}, slow)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('was not sent');
    expect(api.callsTo('POST /manager/sys/mail/server/test')[0].body).toEqual({
      to: 'ops@acme.example',
      server: expect.objectContaining({
        host: 'smtp.acme.example',
        port: 587,
        security: 'starttls',
        user: 'screens',
        password: 'typed-secret',
      }),
    });
  });
});
