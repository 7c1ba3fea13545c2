import type { PlayerState } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n';
import { STATE_DEFAULTS } from '../testing';
import { renderUnlicensed } from './unlicensed';

const STATE: PlayerState = {
  ...STATE_DEFAULTS,
  signage_id: 'AB3K9Q',
  paired: true,
  pin: null,
  pin_expires_at: null,
  device_name: 'Lobby screen',
  company_name: 'Acme',
  server_time: '2030-01-01T00:00:00.000Z',
  license: { state: 'expired', expires_at: '2029-12-31T00:00:00.000Z' },
};

describe('unlicensed screen', () => {
  it('tells the viewer the licence expired, what to do, and the signage ID left to right', () => {
    const root = document.createElement('div');
    renderUnlicensed(root, { state: STATE, t: translator('en'), problem: 'expired' });
    expect(root.querySelector('.title')?.textContent).toBe("This screen's licence has expired");
    expect(root.querySelector('.message')?.textContent).toContain('administrator');
    const id = root.querySelector('.signage-line bdi');
    expect(id?.textContent).toBe('AB3K9Q');
    expect(id?.getAttribute('dir')).toBe('ltr');
  });

  it('says so in Arabic when there is no licence at all', () => {
    const root = document.createElement('div');
    renderUnlicensed(root, { state: STATE, t: translator('ar'), problem: 'none' });
    expect(root.querySelector('.title')?.textContent).toBe('لا تملك هذه الشاشة ترخيصًا');
  });
});
