/**
 * `text` isolated left to right (U+2066 … U+2069): a date or a time range keeps its order inside
 * an Arabic sentence, where 11-27-2026 would otherwise show as 2026-27-11.
 */
export const leftToRight = (text: string) => `\u2066${text}\u2069`;
