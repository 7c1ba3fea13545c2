import { describe, expect, it } from 'vitest';
import { firstLoginBanner } from './bootstrap';

describe('first login banner', () => {
  it('frames the login in one block that stands apart from the JSON log lines', () => {
    const banner = firstLoginBanner({ email: 'admin@vitrine.local', password: 'Xq3abc-7a', printed: true });
    const lines = banner.split('\n');
    expect(lines[0]).toBe(''); // a blank line before the frame
    const frame = lines.slice(1, -1);
    expect(frame[0]).toMatch(/^\+-+\+$/);
    expect(frame.at(-1)).toBe(frame[0]);
    expect(new Set(frame.map((line) => line.length)).size).toBe(1); // every line as wide
    expect(frame.slice(1, -1).every((line) => line.startsWith('| ') && line.endsWith(' |'))).toBe(true);
    expect(banner).toContain('email:    admin@vitrine.local');
    expect(banner).toContain('password: Xq3abc-7a   (shown once: write it down)');
    expect(lines.some((line) => line.startsWith('{'))).toBe(false);
  });

  it('never prints a password that was set in the environment', () => {
    const banner = firstLoginBanner({ email: 'ops@example.com', password: 'Chosen#pass1', printed: false });
    expect(banner).not.toContain('Chosen#pass1');
    expect(banner).toContain('the ADMIN_PASSWORD you set');
  });
});
