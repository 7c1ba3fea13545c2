import type { PlayerState } from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_DEFAULTS } from '../testing';
import { renderPaired } from './paired';

const STATE: PlayerState = {
  signage_id: 'AB3K9Q',
  paired: true,
  pin: null,
  pin_expires_at: null,
  device_name: 'Lobby screen',
  company_name: 'Acme',
  server_time: '2030-01-01T00:00:00.000Z',
  ...STATE_DEFAULTS,
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2030, 0, 1, 9, 41, 59, 500));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('renderPaired', () => {
  it('shows the device, the company and the server time, and follows it', () => {
    const root = document.createElement('main');
    // The server is one hour ahead of this screen's clock.
    const view = renderPaired(root, { state: STATE, language: 'en', now: () => Date.now() + 3_600_000 });
    expect(root.querySelector('.device-name')?.textContent).toBe('Lobby screen');
    expect(root.querySelector('.company-name')?.textContent).toBe('Acme');
    expect(root.querySelector('.clock')?.textContent).toMatch(/10:41/);
    vi.advanceTimersByTime(500);
    expect(root.querySelector('.clock')?.textContent).toMatch(/10:42/);
    view.setStatus('offline');
    expect(root.querySelector<HTMLElement>('.status-dot')?.dataset.status).toBe('offline');
    view.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names the screen by its signage ID when it has no name', () => {
    const root = document.createElement('main');
    renderPaired(root, { state: { ...STATE, device_name: null }, language: 'de', now: Date.now }).destroy();
    expect(root.querySelector('.device-name')?.textContent).toBe('AB3K9Q');
  });
});
