// Undo and redo over a value (the composition editor's whole draft). A gesture (a drag, a resize)
// changes the value many times but is one step; so is a run of typing into one field, which
// passes the same `merge` tag with each change.

/** How many steps back the editor remembers. */
export const HISTORY_LIMIT = 100;

export type History<T> = {
  past: T[];
  present: T;
  future: T[];
  /** The value before the gesture under way, which becomes one step when it ends. */
  gestureStart: T | null;
  /** The tag of the last change, merged with the next change of the same tag. */
  lastMerge: string | null;
};

export const startHistory = <T>(present: T): History<T> => ({
  past: [],
  present,
  future: [],
  gestureStart: null,
  lastMerge: null,
});

export type ChangeOptions = {
  /** Part of a gesture: shown at once, remembered as one step when the gesture ends. */
  transient?: boolean;
  /** Consecutive changes with this tag are one step. */
  merge?: string;
};

/** The value changes; an unchanged value (the same object) leaves the history alone. */
export function change<T>(history: History<T>, next: T, options: ChangeOptions = {}): History<T> {
  if (next === history.present) return history;
  if (options.transient) {
    return { ...history, present: next, gestureStart: history.gestureStart ?? history.present };
  }
  const before = history.gestureStart ?? history.present;
  const merging = options.merge !== undefined && options.merge === history.lastMerge && !history.gestureStart;
  return {
    past: merging ? history.past : [...history.past, before].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    gestureStart: null,
    lastMerge: options.merge ?? null,
  };
}

/** A gesture ends where it is: one step from where it began (none if it moved nothing). */
export function endGesture<T>(history: History<T>): History<T> {
  const start = history.gestureStart;
  if (start === null) return history;
  return {
    past: start === history.present ? history.past : [...history.past, start].slice(-HISTORY_LIMIT),
    present: history.present,
    future: start === history.present ? history.future : [],
    gestureStart: null,
    lastMerge: null,
  };
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0 || history.gestureStart !== null;
export const canRedo = <T>(history: History<T>) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  const settled = endGesture(history);
  const previous = settled.past.at(-1);
  if (previous === undefined) return settled;
  return {
    past: settled.past.slice(0, -1),
    present: previous,
    future: [settled.present, ...settled.future],
    gestureStart: null,
    lastMerge: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const settled = endGesture(history);
  const [next, ...rest] = settled.future;
  if (next === undefined) return settled;
  return {
    past: [...settled.past, settled.present].slice(-HISTORY_LIMIT),
    present: next,
    future: rest,
    gestureStart: null,
    lastMerge: null,
  };
}
