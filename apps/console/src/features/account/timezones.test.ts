import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './timezones';

describe('timeZoneOptions', () => {
  it('lists IANA zones with their offset, UTC included', () => {
    const options = timeZoneOptions();
    expect(options.find((o) => o.value === 'UTC')?.label).toBe('UTC (GMT+00:00)');
    expect(options.find((o) => o.value === 'Asia/Tokyo')?.label).toBe('Asia/Tokyo (GMT+09:00)');
    expect(options.length).toBeGreaterThan(300);
  });
});
