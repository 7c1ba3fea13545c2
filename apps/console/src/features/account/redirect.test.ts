import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps a path of the console with its query', () => {
    expect(safeRedirect('/device/list?act=add')).toBe('/device/list?act=add');
  });

  it('sends anything else home', () => {
    for (const target of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?x=1',
    ]) {
      expect(safeRedirect(target)).toBe('/');
    }
  });
});
