import dayjs from 'dayjs';
import 'dayjs/locale/fr.js';
import { afterEach, describe, expect, it } from 'vitest';
import { timerSummary, weekdayName } from './timer-text';

afterEach(() => {
  dayjs.locale('en');
});

describe('timerSummary', () => {
  it('reads Monday first, each day once with its periods in order', () => {
    const text = timerSummary(
      [
        { weekday: 0, on: '10:00', off: '16:00' },
        { weekday: 1, on: '14:00', off: '20:00' },
        { weekday: 1, on: '08:00', off: '12:00' },
        { weekday: 5, on: '22:00', off: '02:00' },
      ],
      weekdayName,
    );
    expect(text).toBe('Mon 08:00–12:00, 14:00–20:00 · Fri 22:00–02:00 · Sun 10:00–16:00');
  });

  it('names the days in the user language', () => {
    dayjs.locale('fr');
    expect(weekdayName(1, true)).toBe('lundi');
    expect(timerSummary([{ weekday: 3, on: '08:00', off: '18:00' }], weekdayName)).toBe('mer. 08:00–18:00');
  });
});
