import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { registerNotifier } from '../../../lib/notify';
import { getSession, signIn } from '../../../lib/session';
import { loginResult } from '../../../test/fixtures';
import { mockApi, ok, renderPage } from '../../../test/render';
import { MobileLanguagePage } from './MobileLanguagePage';

const notices = vi.fn();
const row = (label: string) => screen.getByRole('button', { name: label });

beforeEach(() => {
  registerNotifier({ open: notices });
  signIn(loginResult());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
  await act(() => setLanguage('en'));
});

describe('MobileLanguagePage', () => {
  it('lists the nine languages in their own names, the current one marked', async () => {
    mockApi({});
    await renderPage(<MobileLanguagePage />, '/setting/set-language');
    const rows = await screen.findAllByRole('button');
    expect(rows.map((button) => button.textContent)).toEqual([
      'English',
      'العربية',
      'Deutsch',
      'Italiano',
      'Español',
      'Français',
      'Português',
      '简体中文',
      '繁體中文',
    ]);
    expect(row('English').getAttribute('aria-current')).toBe('true');
    expect(row('Deutsch').getAttribute('aria-current')).toBeNull();
    expect(row('العربية').querySelector('[lang="ar"]')).not.toBeNull();
  });

  it('saves a choice, then switches the console (right to left for Arabic) and says so in it', async () => {
    const api = mockApi({ 'POST /manager/sys/language': (body) => ok(body) });
    await renderPage(<MobileLanguagePage />, '/setting/set-language');
    fireEvent.click(row('العربية'));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(api.callsTo('POST /manager/sys/language')[0].body).toEqual({ language: 'ar' });
    expect(getSession().user?.language_len_id).toBe('ar');
    await waitFor(() => expect(row('العربية').getAttribute('aria-current')).toBe('true'));
    expect(notices).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'تم حفظ اللغة' }));
  });

  it('keeps the language when the server refuses it', async () => {
    const api = mockApi({ 'POST /manager/sys/language': () => ({ code: 400001, msg: 'no' }) });
    await renderPage(<MobileLanguagePage />, '/setting/set-language');
    fireEvent.click(row('Deutsch'));
    await waitFor(() => expect(api.callsTo('POST /manager/sys/language')).toHaveLength(1));
    await waitFor(() => expect(row('Deutsch').hasAttribute('disabled')).toBe(false));
    expect(document.documentElement.lang).toBe('en');
    expect(row('English').getAttribute('aria-current')).toBe('true');
    expect(notices).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('does not call the server for the language already shown', async () => {
    const api = mockApi({});
    await renderPage(<MobileLanguagePage />, '/setting/set-language');
    fireEvent.click(row('English'));
    expect(api.calls).toHaveLength(0);
  });
});
