import { type Language, SIZE_BASE } from '@vitrine/contract';
import { useMemo } from 'react';
import { useLanguage } from './i18n';

// Quantities with a unit, written by the reader's locale (Intl): "54,125 bytes", "3 م.ب", "0°".
// The unit's words and their place come from the locale, never from English text.

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

export function formatBytes(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= SIZE_BASE && unit < SIZE_UNITS.length - 1) {
    value /= SIZE_BASE;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    // "512 byte" reads wrong in English: bytes take the long form, larger units the short one.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export const formatDegrees = (degrees: number, language: Language) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'degree', unitDisplay: 'narrow' }).format(degrees);

export const formatPercent = (percent: number, language: Language) =>
  new Intl.NumberFormat(language, { style: 'percent' }).format(percent / 100);

/** The formatters in the current language. */
export function useUnits() {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      bytes: (value: number) => formatBytes(value, language),
      degrees: (value: number) => formatDegrees(value, language),
      percent: (value: number) => formatPercent(value, language),
    }),
    [language],
  );
}
