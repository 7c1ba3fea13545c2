import { describe, expect, it } from 'vitest';
import { knownTimezone, mailLanguage, mailTime } from './client';

const moment = new Date(Date.UTC(2025, 2, 14, 9, 5));

describe('mailTime', () => {
  it('writes the moment in the recipient’s time zone and names the zone', () => {
    expect(mailTime(moment, { language: 'en', timezone: 'Asia/Tokyo' })).toMatch(
      /Mar 14, 2025.*06:05 PM.*GMT\+9/,
    );
    expect(mailTime(moment, { language: 'de', timezone: 'UTC' })).toMatch(/14\. März 2025.*09:05.*UTC/);
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(mailTime(moment, { language: 'en', timezone: 'Mars/Olympus' })).toContain('UTC');
  });
});

describe('knownTimezone and mailLanguage', () => {
  it('keeps only IANA zones', () => {
    expect(knownTimezone('Europe/Paris')).toBe('Europe/Paris');
    expect(knownTimezone('Nowhere/Place')).toBeNull();
    expect(knownTimezone(null)).toBeNull();
  });

  it('maps a stored language to a supported one', () => {
    expect(mailLanguage('zh-TW')).toBe('zh-TW');
    expect(mailLanguage('pt-BR')).toBe('pt');
    expect(mailLanguage('xx')).toBe('en');
  });
});
