import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type CustomerLogo, DEFAULT_THEME, Role } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio } from '../../../lib/contrast';
import { registerNotifier } from '../../../lib/notify';
import { mockApi, ok, renderPage } from '../../../test/render';
import { signInAs } from '../../../test/team';
import { LogoPage } from './LogoPage';

const slow = { timeout: 15_000 };
const STORED = `/backend/media/${'ab'.repeat(32)}`;
// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const images = (logo: string | null, icon: string | null): CustomerLogo => ({
  customer_logo: { value: { uri: logo } },
  customer_icon: { value: { uri: icon } },
});

const notices = vi.fn();
beforeEach(() => registerNotifier({ open: notices }));
afterEach(() => {
  vi.unstubAllGlobals();
  registerNotifier(null);
  notices.mockReset();
});
const noticed = (title: string) =>
  waitFor(() => expect(notices).toHaveBeenCalledWith(expect.objectContaining({ title })));
const ORANGE = {
  primary_color: '#d4380d',
  nav_nackground_color: '#fff7e6',
  main_background_color: '#fffbf0',
};

function brandApi(saved: CustomerLogo, theme = ORANGE) {
  return mockApi({
    'GET /manager/sys/setting/customer-logo': () => ok(images(STORED, null)),
    'GET /manager/sys/setting/customer-theme': () =>
      ok({ customer_theme: { value: { id: 0, detail: theme } } }),
    'POST /manager/sys/setting/customer-logo': () => ok(saved),
    // The shell reads the saved look again.
    'GET /manager/sys/config/mine': () =>
      ok({
        ...saved,
        customer_theme: { value: DEFAULT_THEME },
        schedule_config: { need_confirm: true },
      }),
    'POST /manager/sys/setting/customer-theme': (body) => ok({ customer_theme: { value: body } }),
  });
}

describe('LogoPage', () => {
  it('shows the stored logo, the default icon, and resets the logo to the default', slow, async () => {
    signInAs(Role.customer, ['setting', 'setting:sys:customer-logo']);
    const api = brandApi(images(null, null));
    await renderPage(<LogoPage />, '/setting/logo');
    expect((await screen.findByRole('img', { name: 'Logo' })).getAttribute('src')).toBe(STORED);
    expect(screen.queryByRole('img', { name: 'Icon' })).toBeNull();
    const resets = screen.getAllByRole('button', { name: 'Use the default' });
    expect(resets.map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, true]);

    fireEvent.click(resets[0]);
    await waitFor(() => expect(api.callsTo('POST /manager/sys/setting/customer-logo')).toHaveLength(1));
    expect(api.callsTo('POST /manager/sys/setting/customer-logo')[0].body).toEqual({ customer_logo: null });
    await noticed('Saved');
  });

  it('checks a chosen icon by its bytes before sending it, then sends it as an image', slow, async () => {
    signInAs(Role.system, ['setting', 'setting:sys:customer-logo']);
    const api = brandApi(images(STORED, STORED));
    await renderPage(<LogoPage />, '/setting/logo');
    const chooser = await screen.findByTestId('icon-file');

    // A script named like a PNG is refused here, as the server would.
    const script = new File(['<svg onload="alert(1)"/>'], 'icon.png', { type: 'image/png' });
    fireEvent.change(chooser, { target: { files: [script] } });
    await noticed('Use an http(s) link or a PNG, JPEG, WebP or ICO image');
    expect(api.callsTo('POST /manager/sys/setting/customer-logo')).toHaveLength(0);

    fireEvent.change(chooser, { target: { files: [new File([PNG], 'icon.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.callsTo('POST /manager/sys/setting/customer-logo')).toHaveLength(1));
    const body = api.callsTo('POST /manager/sys/setting/customer-logo')[0].body as Record<string, string>;
    expect(Object.keys(body)).toEqual(['customer_icon']);
    expect(body.customer_icon).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect((await screen.findByRole('img', { name: 'Icon' })).getAttribute('src')).toBe(STORED);
    await noticed('Saved');
  });

  it('shows the saved colours and saves the default ones', slow, async () => {
    signInAs(Role.customer, ['setting', 'setting:sys:customer-logo']);
    const api = brandApi(images(null, null));
    await renderPage(<LogoPage />, '/setting/logo');
    // The code isolated left to right, so Arabic shows #D4380D and not D4380D#.
    expect(await screen.findByText('\u2066#D4380D\u2069')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Default colours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(api.callsTo('POST /manager/sys/setting/customer-theme')).toHaveLength(1));
    expect(api.callsTo('POST /manager/sys/setting/customer-theme')[0].body).toEqual({
      id: 0,
      detail: DEFAULT_THEME.detail,
    });
    await noticed('Saved');
  });

  it(
    'says which darker shade the console uses for a primary colour white text cannot be read on',
    slow,
    async () => {
      signInAs(Role.customer, ['setting', 'setting:sys:customer-logo']);
      brandApi(images(null, null), { ...ORANGE, primary_color: '#ffd666' });
      await renderPage(<LogoPage />, '/setting/logo');
      const note = await screen.findByText(/^Too light for white text to be read on/);
      const shade = /#[0-9A-F]{6}/.exec(note.textContent ?? '')?.[0] as string;
      expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      // A colour that reads needs no note.
      fireEvent.click(screen.getByRole('button', { name: 'Default colours' }));
      await waitFor(() => expect(screen.queryByText(/^Too light for white text/)).toBeNull());
    },
  );
});
