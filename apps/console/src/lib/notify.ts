import { NOTIFICATION_SECONDS, NOTIFICATION_SECONDS_MOBILE } from '@vitrine/contract';
import type { NotificationArgsProps } from 'antd';
import { useSyncExternalStore } from 'react';
import { currentLayoutMode } from './layout-mode';

// Notifications shown from outside React (the HTTP client) go through the instance that the
// app root registers, so they follow the theme, the language and the text direction. The
// notification code loads with the first notice; notices raised before that wait for it.
type Notifier = { open: (args: NotificationArgsProps) => void };

let notifier: Notifier | null = null;
const waiting: NotificationArgsProps[] = [];
const listeners = new Set<() => void>();

export function registerNotifier(instance: Notifier | null): void {
  notifier = instance;
  if (instance) for (const args of waiting.splice(0)) instance.open(args);
}

/**
 * A notice's key when it has none: its type and words. A second identical notice (saving twice
 * within 3 s) then restarts the one on screen instead of stacking a copy under it.
 */
function sameWordsKey({ type, title, description }: NotificationArgsProps): string | undefined {
  const words = [title, description].filter((part) => part !== undefined && part !== null);
  return words.every((part) => typeof part === 'string') ? [type ?? '', ...words].join('\u0000') : undefined;
}

/** Shows a notification for 3 s, 1 s in mobile mode (spec 000 §9). */
export function notify(args: NotificationArgsProps): void {
  const duration = currentLayoutMode().mobile ? NOTIFICATION_SECONDS_MOBILE : NOTIFICATION_SECONDS;
  const key = sameWordsKey(args);
  const full = { duration, ...(key === undefined ? {} : { key }), ...args };
  if (notifier) {
    notifier.open(full);
    return;
  }
  waiting.push(full);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const requested = () => notifier !== null || waiting.length > 0;

/** True once a notice was raised: time to load the notification holder. */
export function useNotificationsRequested(): boolean {
  return useSyncExternalStore(subscribe, requested, requested);
}
