import type { PlayerState } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { applyLanguage, translator } from '../i18n';
import { LOCALES } from '../locales';
import { STATE_DEFAULTS } from '../testing';
import { addDeviceUrl, renderUnpaired } from './unpaired';

const STATE: PlayerState = {
  signage_id: 'AB3K9Q',
  paired: false,
  pin: '482913',
  pin_expires_at: '2030-01-01T00:05:00.000Z',
  device_name: null,
  company_name: null,
  server_time: '2030-01-01T00:00:00.000Z',
  ...STATE_DEFAULTS,
};
const NOW = Date.parse('2030-01-01T00:02:00.000Z');

function render(language: 'en' | 'ar' = 'en') {
  const root = document.createElement('main');
  const view = renderUnpaired(root, {
    state: STATE,
    t: translator(language),
    origin: 'http://tv.local:8080',
    now: NOW,
  });
  return { root, view };
}

const waitForQr = async (root: HTMLElement) => {
  for (let i = 0; i < 50 && !root.querySelector('.qr-image svg'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return root.querySelector('.qr-image svg');
};

describe('renderUnpaired', () => {
  it('shows the signage ID, the PIN, the server address and the instruction', () => {
    const { root } = render();
    expect(root.querySelector('.signage-id')?.textContent).toBe('AB3K9Q');
    expect(root.querySelector('.pin')?.textContent).toBe('482913');
    expect(root.querySelector('.server')?.textContent).toBe('http://tv.local:8080');
    expect(root.textContent).toContain(LOCALES.en['unpaired.instruction']);
  });

  it('starts the PIN countdown where the PIN stands: 3 of 5 minutes left', () => {
    const { root } = render();
    const bar = root.querySelector<HTMLElement>('.countdown-bar')!;
    expect(bar.style.animationDuration).toBe('300000ms');
    expect(bar.style.animationDelay).toBe('-120000ms');
  });

  it('draws a QR code of the console add drawer for this screen', async () => {
    const { root } = render();
    expect(addDeviceUrl('http://tv.local:8080', 'AB3K9Q')).toBe(
      'http://tv.local:8080/device/list?act=add&signage_id=AB3K9Q',
    );
    const svg = await waitForQr(root);
    expect(svg).not.toBeNull();
    expect(svg?.querySelector('path')).not.toBeNull();
  });

  it('shows the connection status in the screen language', () => {
    const { root, view } = render();
    view.setStatus('offline');
    const status = root.querySelector<HTMLElement>('.status-line')!;
    expect(status.textContent).toBe(LOCALES.en['status.offline']);
    expect(status.dataset.status).toBe('offline');
    view.setStatus('connected');
    expect(status.textContent).toBe(LOCALES.en['status.connected']);
  });

  it('in Arabic: right to left, with the codes still left to right', () => {
    applyLanguage(document.documentElement, 'ar');
    const { root } = render('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(root.querySelector('.title')?.textContent).toBe(LOCALES.ar['unpaired.title']);
    expect(root.querySelector<HTMLElement>('.signage-id')?.dir).toBe('ltr');
    expect(root.querySelector<HTMLElement>('.pin')?.dir).toBe('ltr');
    applyLanguage(document.documentElement, 'en');
  });
});
