import { useEffect, useRef } from 'react';
import type { EditorAction } from './editor-state';
import type { CompositionDraft, ZoneDraft } from './model';

type Keys = {
  dispatch: (action: EditorAction) => void;
  selected: ZoneDraft | null;
  draft: CompositionDraft;
  save: () => void;
};

/** Pixels an arrow key moves the selected zone; with Shift, more. */
const NUDGE = 1;
const NUDGE_SHIFT = 10;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Whether a key press belongs to a field (typing, choosing) rather than to the canvas. */
const inField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="combobox"], [role="listbox"]') !== null);

/**
 * The editor's keys: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save (⌘ on a Mac), and
 * outside fields Delete removes the selected zone and the arrows move it.
 */
export function useEditorKeys(keys: Keys) {
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { dispatch, selected, save } = current.current;
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        if (key === 'z' || key === 'y') {
          event.preventDefault();
          dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
        } else if (key === 's') {
          event.preventDefault();
          save();
        }
        return;
      }
      if (!selected || inField(event.target) || event.altKey) return;
      if (event.key === 'Delete') {
        event.preventDefault();
        dispatch({ type: 'remove', key: selected.key });
        return;
      }
      const arrow = ARROWS[event.key];
      if (!arrow) return;
      event.preventDefault();
      const step = event.shiftKey ? NUDGE_SHIFT : NUDGE;
      dispatch({
        type: 'rect',
        key: selected.key,
        rect: { ...selected, x: selected.x + arrow[0] * step, y: selected.y + arrow[1] * step },
      });
    };
    // Captured before the fields see them: a select or an input may stop a key from bubbling.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
