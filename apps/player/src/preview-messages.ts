import type { Program } from '@vitrine/contract';

/** What the preview page and its parent (the console) say to each other with postMessage. */
export type PreviewMessage = { type: 'vitrine:ready' } | { type: 'vitrine:program'; program: Program };

export function isProgramMessage(
  data: unknown,
): data is Extract<PreviewMessage, { type: 'vitrine:program' }> {
  const message = data as { type?: unknown; program?: { zones?: unknown } } | null;
  return message?.type === 'vitrine:program' && Array.isArray(message.program?.zones);
}
