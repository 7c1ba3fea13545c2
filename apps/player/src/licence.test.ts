import { describe, expect, it } from 'vitest';
import { licenceDelay, licenceProblem } from './licence';

const at = (iso: string) => Date.parse(iso);

describe('licence', () => {
  it('plays with a valid or whitelisted licence until its expiry, then says it expired', () => {
    const valid = { state: 'valid' as const, expires_at: '2026-05-01T00:00:00.000Z' };
    expect(licenceProblem(valid, at('2026-04-30T23:59:59Z'))).toBeNull();
    expect(licenceDelay(valid, at('2026-04-30T23:59:59Z'))).toBe(1000);
    expect(licenceProblem(valid, at('2026-05-01T00:00:00Z'))).toBe('expired');
    expect(licenceDelay(valid, at('2026-05-01T00:00:00Z'))).toBeNull();
    expect(licenceProblem({ state: 'whitelisted', expires_at: null }, 0)).toBeNull();
    expect(licenceDelay({ state: 'valid', expires_at: null }, 0)).toBeNull();
  });

  it('says why when there is none or the server says it expired', () => {
    expect(licenceProblem({ state: 'none', expires_at: null }, 0)).toBe('none');
    expect(licenceProblem({ state: 'expired', expires_at: '2099-01-01T00:00:00.000Z' }, 0)).toBe('expired');
    expect(licenceProblem(undefined, 0)).toBeNull();
  });
});
