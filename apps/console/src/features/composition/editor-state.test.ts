import { COMPOSITION_ZONE_LIMIT, COMPOSITION_ZONE_MIN } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { type EditorAction, type EditorState, editorReducer, isDirty, startEditor } from './editor-state';
import { change, endGesture, redo, startHistory, undo } from './history';
import { blankDraft } from './model';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const blank = () => startEditor(blankDraft({ width: 1920, height: 1080 }, 0, 'Lobby'));
const zones = (state: EditorState) => state.history.present.zones;
const only = (state: EditorState) => zones(state)[0];

describe('history', () => {
  it('undoes and redoes each change, and a new change forgets what was undone', () => {
    let history = change(change(startHistory(1), 2), 3);
    history = undo(history);
    expect(history.present).toBe(2);
    history = undo(undo(history));
    expect(history.present).toBe(1);
    history = redo(history);
    expect(history.present).toBe(2);
    history = change(history, 7);
    expect(history.future).toEqual([]);
    expect(redo(history).present).toBe(7);
    expect(undo(history).present).toBe(2);
  });

  it('keeps a gesture as one step, and a run of typing into one field as one step', () => {
    let history = change(startHistory(0), 1, { transient: true });
    history = change(history, 2, { transient: true });
    history = endGesture(history);
    expect(history.past).toEqual([0]);
    history = change(history, 3, { merge: 'name' });
    history = change(history, 4, { merge: 'name' });
    history = change(history, 5, { merge: 'other' });
    expect(history.past).toEqual([0, 2, 4]);
    expect(undo(undo(history)).present).toBe(2);
  });
});

describe('composition editor state', () => {
  it('adds a zone inside the canvas, selected, and undoes and redoes it', () => {
    const added = run(blank(), { type: 'add', kind: 'text', name: 'Ticker' });
    expect(zones(added)).toHaveLength(1);
    expect(only(added)).toMatchObject({
      kind: 'text',
      name: 'Ticker',
      x: 480,
      y: 270,
      width: 960,
      height: 540,
    });
    expect(added.selected).toBe(only(added).key);
    expect(isDirty(added)).toBe(true);
    const undone = run(added, { type: 'undo' });
    expect(zones(undone)).toHaveLength(0);
    expect(undone.selected).toBeNull();
    expect(isDirty(undone)).toBe(false);
    const redone = run(undone, { type: 'redo' });
    expect(only(redone).name).toBe('Ticker');
  });

  it('keeps zones inside the canvas and no smaller than the minimum; a drag is one step', () => {
    const added = run(blank(), { type: 'add', kind: 'media', name: 'Main' });
    const key = only(added).key;
    const dragged = run(
      added,
      { type: 'rect', key, rect: { x: 100, y: 100, width: 960, height: 540 }, transient: true },
      { type: 'rect', key, rect: { x: 1500.4, y: -30, width: 960, height: 540 }, transient: true },
      { type: 'gestureEnd' },
    );
    expect(only(dragged)).toMatchObject({ x: 960, y: 0, width: 960, height: 540 });
    expect(run(dragged, { type: 'undo' }).history.present.zones[0]).toMatchObject({ x: 480, y: 270 });
    const tiny = run(dragged, { type: 'rect', key, rect: { x: 0, y: 0, width: 2, height: 5000 } });
    expect(only(tiny)).toMatchObject({ width: COMPOSITION_ZONE_MIN, height: 1080 });
  });

  it('aligns, layers, duplicates and removes zones', () => {
    let state = run(
      blank(),
      { type: 'add', kind: 'media', name: 'A' },
      { type: 'add', kind: 'clock', name: 'B' },
    );
    const [a, b] = zones(state).map((zone) => zone.key);
    state = run(
      state,
      { type: 'align', key: a, alignment: 'right' },
      { type: 'align', key: a, alignment: 'bottom' },
    );
    expect(zones(state)[0]).toMatchObject({ x: 960, y: 540 });
    state = run(state, { type: 'layer', key: a, move: 'forward' });
    expect(zones(state).map((zone) => [zone.key, zone.position])).toEqual([
      [b, 0],
      [a, 1],
    ]);
    const unchanged = run(state, { type: 'layer', key: a, move: 'forward' });
    expect(unchanged).toBe(state);
    state = run(state, { type: 'duplicate', key: b, name: 'B copy' });
    expect(zones(state).at(-1)).toMatchObject({
      name: 'B copy',
      kind: 'clock',
      settings: { format: 'time' },
    });
    expect(state.selected).toBe(zones(state).at(-1)?.key);
    state = run(state, { type: 'select', key: a }, { type: 'remove', key: a });
    expect(zones(state).map((zone) => zone.position)).toEqual([0, 1]);
    expect(state.selected).toBe(zones(state).at(-1)?.key);
  });

  it('stops adding zones at the limit', () => {
    const add: EditorAction = { type: 'add', kind: 'media', name: 'Z' };
    const full = run(blank(), ...Array.from({ length: COMPOSITION_ZONE_LIMIT + 2 }, () => add));
    expect(zones(full)).toHaveLength(COMPOSITION_ZONE_LIMIT);
  });

  it('turns the canvas to portrait with its zones, and merges typing into a name', () => {
    let state = run(
      blank(),
      { type: 'add', kind: 'media', name: 'Main' },
      { type: 'align', key: '', alignment: 'left' },
    );
    const key = only(state).key;
    state = run(state, { type: 'rect', key, rect: { x: 0, y: 0, width: 1920, height: 1080 } });
    state = run(state, { type: 'orientation', orientation: 90 });
    expect(state.history.present).toMatchObject({ width: 1080, height: 1920, orientation: 90 });
    expect(only(state)).toMatchObject({ x: 0, y: 0, width: 1080, height: 1920 });
    const steps = state.history.past.length;
    state = run(
      state,
      { type: 'composition', patch: { name: 'L' }, merge: 'name' },
      { type: 'composition', patch: { name: 'Lo' }, merge: 'name' },
    );
    expect(state.history.past).toHaveLength(steps + 1);
    expect(run(state, { type: 'undo' }).history.present.name).toBe('Lobby');
    const saved = run(state, { type: 'saved', draft: state.history.present });
    expect(isDirty(saved)).toBe(false);
  });
});
