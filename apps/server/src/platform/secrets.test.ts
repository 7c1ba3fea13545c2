import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret } from './secrets';

describe('secrets stored in the database', () => {
  it('seals under SECRET_KEY, differently each time, and opens only under the same key', () => {
    const first = sealSecret('p@ss word', 'key-one');
    const second = sealSecret('p@ss word', 'key-one');
    expect(isSealed(first)).toBe(true);
    expect(first).not.toContain('p@ss');
    expect(first).not.toBe(second);
    expect(openSecret(first, 'key-one')).toBe('p@ss word');
    expect(openSecret(first, 'key-two')).toBeNull();
    expect(openSecret(first, undefined)).toBeNull();
  });

  it('refuses a sealed secret that was tampered with', () => {
    const sealed = sealSecret('secret', 'key');
    const bytes = Buffer.from(sealed.slice('aes-256-gcm:'.length), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(openSecret(`aes-256-gcm:${bytes.toString('base64')}`, 'key')).toBeNull();
  });

  it('keeps a secret as it is without a key', () => {
    expect(sealSecret('plain', undefined)).toBe('plain');
    expect(openSecret('plain', 'any-key')).toBe('plain');
  });
});
