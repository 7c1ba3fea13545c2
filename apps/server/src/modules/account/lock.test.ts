import { describe, expect, it } from 'vitest';
import { lockMinutesLeft, unlockPath } from './lock';

describe('unlockPath', () => {
  it('keeps a same-site path', () => {
    expect(unlockPath('/login')).toBe('/login');
    expect(unlockPath('/user/unlock')).toBe('/user/unlock');
  });

  it('falls back to /login for anything that could leave the site', () => {
    for (const url of [
      undefined,
      '',
      'login',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/a?b=c',
      '/a b',
      'javascript:alert(1)',
    ]) {
      expect(unlockPath(url)).toBe('/login');
    }
  });
});

describe('lockMinutesLeft', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  it('rounds up to whole minutes and is 0 when not or no longer locked', () => {
    expect(lockMinutesLeft(null, now)).toBe(0);
    expect(lockMinutesLeft(new Date(now - 1), now)).toBe(0);
    expect(lockMinutesLeft(new Date(now + 1), now)).toBe(1);
    expect(lockMinutesLeft(new Date(now + 30 * 60_000), now)).toBe(30);
    expect(lockMinutesLeft(new Date(now + 29 * 60_000 + 1), now)).toBe(30);
  });
});
