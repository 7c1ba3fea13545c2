import {
  type CustomerLogo,
  type CustomerTheme,
  type Guide,
  type Language,
  type Preference,
  type RemoteConfig,
  TIME_FREQUENCIES,
  type TimeFrequency,
  translate,
  type UserGuide,
  WEEK_STARTS,
  type Week,
} from '@vitrine/contract';
import type { Brand } from './brand';

// Stored values → the shapes of the setting calls (packages/contract/src/setting.ts).

export const presentImages = (brand: Brand): CustomerLogo => ({
  customer_logo: { value: { uri: brand.logo } },
  customer_icon: { value: { uri: brand.icon } },
});

export const presentTheme = (brand: Brand): CustomerTheme => ({
  customer_theme: { value: { id: brand.theme.id, detail: { ...brand.theme.detail } } },
});

export const presentBrand = (brand: Brand): Omit<RemoteConfig, 'schedule_config'> => ({
  ...presentImages(brand),
  ...presentTheme(brand),
});

export const presentGuide = (guide: UserGuide): Guide => ({
  user_guide: { value: { device: guide.device, content: guide.content, schedule: guide.schedule } },
});

export const presentPreference = (value: string, options: readonly string[]): Preference => ({
  value,
  options: [...options],
});

/** ISO weekday of each week start. */
const ISO_DAY: Record<(typeof WEEK_STARTS)[number], number> = { monday: 1, saturday: 6, sunday: 7 };
const isWeekStart = (value: string): value is (typeof WEEK_STARTS)[number] =>
  (WEEK_STARTS as readonly string[]).includes(value);

/** The seven weekdays named in `lang`, from the user's first day of the week. */
export function presentWeek(stored: string, lang: Language): Week {
  const weekStart = isWeekStart(stored) ? stored : 'monday';
  const names = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  const list = Array.from({ length: 7 }, (_, offset) => {
    const value = ((ISO_DAY[weekStart] - 1 + offset) % 7) + 1;
    // 1 January 2024 was a Monday: day `value` of that month is ISO weekday `value`.
    return { value, name: names.format(new Date(Date.UTC(2024, 0, value))) };
  });
  return { week_start: weekStart, list };
}

/** Each language's list, built once: it depends on nothing else. */
const frequencies = new Map<Language, TimeFrequency>();

export function presentFrequencies(lang: Language): TimeFrequency {
  let named = frequencies.get(lang);
  if (named === undefined) {
    named = {
      list: TIME_FREQUENCIES.map((minutes) => ({
        value: minutes,
        name: translate(lang, `frequency.${minutes}`),
      })),
    };
    frequencies.set(lang, named);
  }
  return named;
}
