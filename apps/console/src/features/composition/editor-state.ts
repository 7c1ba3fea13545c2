import {
  alignZone,
  type CanvasOrientation,
  type CanvasSize,
  COMPOSITION_ZONE_LIMIT,
  clampZone,
  type LayerMove,
  moveLayer,
  renumberLayers,
  rotateCanvas,
  scaleZones,
  type ZoneAlignment,
  type ZoneKind,
  type ZoneRect,
} from '@vitrine/contract';
import { type ChangeOptions, change, endGesture, type History, redo, startHistory, undo } from './history';
import { type CompositionDraft, newZone, newZoneKey, type ZoneDraft } from './model';

// The composition editor's state: the draft with its undo history, the selected zone, and the
// draft as last saved (what "unsaved changes" compares with). Geometry follows the contract's
// rules, the same the server checks: zones stay inside the canvas and no smaller than the minimum.

export type EditorState = {
  history: History<CompositionDraft>;
  selected: string | null;
  saved: CompositionDraft;
};

export type EditorAction =
  | { type: 'composition'; patch: Partial<Omit<CompositionDraft, 'zones' | 'orientation'>>; merge?: string }
  | { type: 'orientation'; orientation: CanvasOrientation }
  | { type: 'canvas'; size: CanvasSize }
  | { type: 'add'; kind: ZoneKind; name: string }
  | { type: 'rect'; key: string; rect: ZoneRect; transient?: boolean }
  | { type: 'zone'; key: string; patch: Partial<Omit<ZoneDraft, 'key' | 'kind'>>; merge?: string }
  | { type: 'align'; key: string; alignment: ZoneAlignment }
  | { type: 'layer'; key: string; move: LayerMove }
  | { type: 'remove'; key: string }
  | { type: 'duplicate'; key: string; name: string }
  | { type: 'select'; key: string | null }
  | { type: 'gestureEnd' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; draft: CompositionDraft };

export const startEditor = (draft: CompositionDraft, saved = draft): EditorState => ({
  history: startHistory(draft),
  selected: draft.zones.at(-1)?.key ?? null,
  saved,
});

/** Whether the draft differs from what was last saved. */
export const isDirty = (state: EditorState) =>
  JSON.stringify(state.history.present) !== JSON.stringify(state.saved);

export const canAddZone = (draft: CompositionDraft) => draft.zones.length < COMPOSITION_ZONE_LIMIT;

const canvasOf = (draft: CompositionDraft) => ({ width: draft.width, height: draft.height });

/** Where a new zone goes: half the canvas, each next one a step down and right of the last. */
const NEW_ZONE_STEP = 40;
export function newZoneRect(canvas: CanvasSize, count: number): ZoneRect {
  const width = Math.round(canvas.width / 2);
  const height = Math.round(canvas.height / 2);
  const step = (count % 8) * NEW_ZONE_STEP;
  return clampZone(
    { x: Math.round(canvas.width / 4) + step, y: Math.round(canvas.height / 4) + step, width, height },
    canvas,
  );
}

function withDraft(state: EditorState, next: CompositionDraft, options?: ChangeOptions): EditorState {
  return { ...state, history: change(state.history, next, options) };
}

function mapZone(
  draft: CompositionDraft,
  key: string,
  update: (zone: ZoneDraft) => ZoneDraft,
): CompositionDraft {
  return { ...draft, zones: draft.zones.map((zone) => (zone.key === key ? update(zone) : zone)) };
}

/** The selection, kept only while its zone exists (undo may take it away). */
function keepSelection(state: EditorState): EditorState {
  const { zones } = state.history.present;
  return state.selected === null || zones.some((zone) => zone.key === state.selected)
    ? state
    : { ...state, selected: zones.at(-1)?.key ?? null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const draft = state.history.present;
  const canvas = canvasOf(draft);
  switch (action.type) {
    case 'composition':
      return withDraft(state, { ...draft, ...action.patch }, { merge: action.merge });
    case 'orientation': {
      if (action.orientation === draft.orientation) return state;
      return withDraft(state, { ...draft, ...rotateCanvas(draft, action.orientation) });
    }
    case 'canvas': {
      const { width, height } = action.size;
      if (width === draft.width && height === draft.height) return state;
      return withDraft(state, {
        ...draft,
        width,
        height,
        zones: scaleZones(draft.zones, canvas, action.size),
      });
    }
    case 'add': {
      if (!canAddZone(draft)) return state;
      const rect = newZoneRect(canvas, draft.zones.length);
      const zone = newZone({ ...rect, kind: action.kind, name: action.name }, draft.zones.length);
      return { ...withDraft(state, { ...draft, zones: [...draft.zones, zone] }), selected: zone.key };
    }
    case 'rect':
      return withDraft(
        state,
        mapZone(draft, action.key, (zone) => ({ ...zone, ...clampZone(action.rect, canvas) })),
        { transient: action.transient },
      );
    case 'zone':
      return withDraft(
        state,
        mapZone(draft, action.key, (zone) => ({ ...zone, ...action.patch })),
        { merge: action.merge && `${action.key}:${action.merge}` },
      );
    case 'align':
      return withDraft(
        state,
        mapZone(draft, action.key, (zone) => ({ ...zone, ...alignZone(zone, canvas, action.alignment) })),
      );
    case 'layer': {
      const index = draft.zones.findIndex((zone) => zone.key === action.key);
      if (index < 0) return state;
      const zones = moveLayer(draft.zones, index, action.move);
      const moved = zones.some((zone, at) => zone.key !== draft.zones[at].key);
      return moved ? withDraft(state, { ...draft, zones }) : state;
    }
    case 'remove': {
      const zones = renumberLayers(draft.zones.filter((zone) => zone.key !== action.key));
      return keepSelection(withDraft(state, { ...draft, zones }));
    }
    case 'duplicate': {
      const source = draft.zones.find((zone) => zone.key === action.key);
      if (!source || !canAddZone(draft)) return state;
      const copy: ZoneDraft = {
        ...source,
        ...clampZone({ ...source, x: source.x + 20, y: source.y + 20 }, canvas),
        name: action.name,
        key: newZoneKey(),
        position: draft.zones.length,
      };
      return { ...withDraft(state, { ...draft, zones: [...draft.zones, copy] }), selected: copy.key };
    }
    case 'select':
      return { ...state, selected: action.key };
    case 'gestureEnd':
      return { ...state, history: endGesture(state.history) };
    case 'undo':
      return keepSelection({ ...state, history: undo(state.history) });
    case 'redo':
      return keepSelection({ ...state, history: redo(state.history) });
    case 'saved':
      return { ...state, saved: action.draft };
  }
}
