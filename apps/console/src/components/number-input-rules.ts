// The rules of the number input (spec 000 §5): digits 0-9, one "." when decimals are allowed,
// pasted text stripped, and on blur the value made valid.
export type NumberBounds = { min?: number; max?: number; decimals?: boolean };

/** Keeps digits and, with decimals, the first "."; any further "." is dropped. */
export function sanitizeNumber(text: string, decimals: boolean): string {
  let seenDot = false;
  let out = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') out += char;
    else if (char === '.' && decimals && !seenDot) {
      seenDot = true;
      out += char;
    }
  }
  return out;
}

/** The number a (sanitised) text stands for; null for "" or ".". */
export function parseNumber(text: string): number | null {
  if (text === '' || text === '.') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** On blur: a non-number becomes the minimum; the value is clamped and rounded without decimals. */
export function settleNumber(text: string, { min, max, decimals = false }: NumberBounds): number | null {
  let value = parseNumber(text) ?? min ?? null;
  if (value === null) return null;
  if (!decimals) value = Math.round(value);
  if (min !== undefined) value = Math.max(min, value);
  if (max !== undefined) value = Math.min(max, value);
  return value;
}

/** Whether a typed character may go in: digits always, "." once with decimals. */
export function acceptsKey(key: string, current: string, selected: string, decimals: boolean): boolean {
  if (key >= '0' && key <= '9') return true;
  return key === '.' && decimals && (!current.includes('.') || selected.includes('.'));
}
