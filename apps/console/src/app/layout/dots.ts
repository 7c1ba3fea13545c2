import { DOT_REFRESH_THROTTLE_MS } from '@vitrine/contract';
import { useSyncExternalStore } from 'react';

// Notification dots on menu entries and tabs (spec 000 §2 "Shell"). A feature registers a source
// for a route path (e.g. the OTA count for /ota); refreshes are throttled to one per 2 s, with a
// trailing refresh so the last request in a burst is never lost.
export type DotSource = () => Promise<boolean>;

const sources = new Map<string, DotSource>();
let dots: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
let lastRun = Number.NEGATIVE_INFINITY;
let trailing: ReturnType<typeof setTimeout> | undefined;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => dots;

export function useDots(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function registerDotSource(path: string, source: DotSource): () => void {
  sources.set(path, source);
  return () => {
    if (sources.get(path) !== source) return;
    sources.delete(path);
    if (dots.has(path)) publish(new Set([...dots].filter((p) => p !== path)));
    if (sources.size > 0) return;
    // Nothing left to ask (signed out): no refresh is owed, and the first source starts afresh.
    clearTimeout(trailing);
    trailing = undefined;
    lastRun = Number.NEGATIVE_INFINITY;
  };
}

function publish(next: ReadonlySet<string>): void {
  const same = next.size === dots.size && [...next].every((path) => dots.has(path));
  if (same) return;
  dots = next;
  for (const listener of listeners) listener();
}

async function refreshAll(): Promise<void> {
  lastRun = Date.now();
  const entries = [...sources.entries()];
  const shown = await Promise.all(entries.map(([path, source]) => source().catch(() => dots.has(path))));
  publish(new Set(entries.filter((_, index) => shown[index]).map(([path]) => path)));
}

/** Asks every source again, at most once per 2 s. */
export function refreshDots(): void {
  if (sources.size === 0) return;
  const wait = lastRun + DOT_REFRESH_THROTTLE_MS - Date.now();
  if (wait <= 0) {
    void refreshAll();
    return;
  }
  if (trailing !== undefined) return;
  trailing = setTimeout(() => {
    trailing = undefined;
    void refreshAll();
  }, wait);
}
