import { afterEach, describe, expect, it } from 'vitest';
import { notify, registerNotifier } from './notify';

const width = window.innerWidth;
const setWidth = (value: number) =>
  Object.defineProperty(window, 'innerWidth', { configurable: true, value });

afterEach(() => {
  setWidth(width);
  registerNotifier(null);
});

describe('notify', () => {
  it('shows a notice for 3 s on a wide window and 1 s in mobile mode', () => {
    const shown: unknown[] = [];
    registerNotifier({ open: (args) => shown.push(args.duration) });
    setWidth(1280);
    notify({ title: 'Tips' });
    setWidth(500);
    notify({ title: 'Tips' });
    expect(shown).toEqual([3, 1]);
  });

  it('keeps notices raised before the holder exists and shows them once it registers', () => {
    notify({ title: 'first' });
    notify({ title: 'second' });
    const shown: unknown[] = [];
    registerNotifier({ open: (args) => shown.push(args.title) });
    expect(shown).toEqual(['first', 'second']);
  });

  it('gives identical notices one key, so a repeat replaces the notice on screen', () => {
    const keys: unknown[] = [];
    registerNotifier({ open: (args) => keys.push(args.key) });
    notify({ type: 'success', title: 'Saved' });
    notify({ type: 'success', title: 'Saved' });
    notify({ type: 'error', title: 'Saved' });
    notify({ type: 'success', title: 'Saved', description: 'twice' });
    notify({ type: 'success', title: 'Saved', key: 'mine' });
    expect(keys[0]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(4);
    expect(keys[4]).toBe('mine');
  });
});
