import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type MailTemplate, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../components/confirm';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { MailIndexPage } from './MailIndexPage';
import { MailTemplatePage } from './MailTemplatePage';

const slow = { timeout: 15_000 };
const TEMPLATE: MailTemplate = {
  type: 'reset-pwd',
  language: 'de',
  subject: 'Passwort zurücksetzen',
  body: '<p>Hallo </p>',
  edited: true,
  updated_at: '2026-11-20T10:00:00.000Z',
  variables: [
    { name: 'username', sample: 'Eve Martin' },
    { name: 'link', sample: 'https://vitrine.example/forget?code=sample' },
  ],
};
const LIST = [
  {
    type: 'reset-pwd',
    languages: [
      { language: 'en', edited: false, updated_at: null },
      { language: 'de', edited: true, updated_at: '2026-11-20T10:00:00.000Z' },
    ],
  },
];

function server() {
  return mockApi({
    'GET /manager/sys/mail/template': () => ok(LIST),
    'GET /manager/sys/mail/template/reset-pwd/de': () => ok(TEMPLATE),
    'PUT /manager/sys/mail/template/reset-pwd/de': (body) => ok({ ...TEMPLATE, ...(body as object) }),
    'DELETE /manager/sys/mail/template/reset-pwd/de': () =>
      ok({ ...TEMPLATE, edited: false, updated_at: null }),
    'POST /manager/sys/mail/template/reset-pwd/de/preview': (body) => {
      const { subject, body: html } = body as { subject: string; body: string };
      const filled = (text: string) => text.replaceAll('{{username}}', 'Eve Martin');
      return ok({ subject: filled(subject), html: filled(html), text: '' });
    },
  });
}

const bodyField = () => screen.getByLabelText('Body (HTML)') as HTMLTextAreaElement;

beforeEach(() => {
  registerNotifier({ open: vi.fn() });
  signInAs(Role.system, ['setting', 'setting:sys:mail-config'], null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
});

describe('MailTemplatePage', { timeout: 30_000 }, () => {
  it('inserts a clicked variable at the cursor and previews the server’s rendering in a sandbox', async () => {
    const api = server();
    await renderPage(
      <>
        <ConfirmHost />
        <MailTemplatePage />
      </>,
      '/setting/mail-index/reset-pwd?lang=de',
      '/setting/mail-index/reset-pwd',
    );
    await waitFor(() => expect(bodyField().value).toBe('<p>Hallo </p>'), slow);
    const body = bodyField();
    fireEvent.focus(body);
    body.setSelectionRange(9, 9);
    fireEvent.click(screen.getByRole('button', { name: '{{username}}' }));
    expect(bodyField().value).toBe('<p>Hallo {{username}}</p>');

    const frame = await screen.findByTitle('Preview', {}, slow);
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toBe('<p>Hallo Eve Martin</p>'), slow);
    expect(frame.getAttribute('sandbox')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /manager/sys/mail/template/reset-pwd/de')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/sys/mail/template/reset-pwd/de')[0].body).toEqual({
      subject: 'Passwort zurücksetzen',
      body: '<p>Hallo {{username}}</p>',
    });
  });

  it('resets to the default only once confirmed', async () => {
    const api = server();
    await renderPage(
      <>
        <ConfirmHost />
        <MailTemplatePage />
      </>,
      '/setting/mail-index/reset-pwd?lang=de',
      '/setting/mail-index/reset-pwd',
    );
    await waitFor(() => expect(bodyField().value).toBe('<p>Hallo </p>'), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = (await screen.findByText(/Replace the Deutsch text/)).closest('.ant-modal') as HTMLElement;
    expect(api.callsTo('DELETE /manager/sys/mail/template/reset-pwd/de')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /manager/sys/mail/template/reset-pwd/de')).toHaveLength(1),
    );
  });
});

describe('MailIndexPage', { timeout: 30_000 }, () => {
  it('lists each mail with its edited languages and links to the editors', async () => {
    server();
    await renderPage(<MailIndexPage />, '/setting/mail-index');
    const title = await screen.findByRole('link', { name: 'Password reset email' }, slow);
    expect(title.getAttribute('href')).toBe('/setting/mail-index/reset-pwd');
    expect(screen.getByText('Edited in 1 of 9 languages')).toBeTruthy();
    expect(screen.getByText('Deutsch').closest('a')?.getAttribute('href')).toBe(
      '/setting/mail-index/reset-pwd?lang=de',
    );
    expect(screen.getByRole('link', { name: 'Mail server' }).getAttribute('href')).toBe(
      '/setting/mailserver',
    );
  });
});
