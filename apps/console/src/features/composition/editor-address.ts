import { CANVAS_ORIENTATIONS, type CanvasOrientation, type CanvasSize } from '@vitrine/contract';

// The editor opens from the list page's address, so it can be linked to and reloaded:
// ?edit=<id> a saved composition, ?edit=new&template=<id> a new one from a template,
// ?edit=new&width=…&height=…&orientation=… a new blank one.
export const EDIT_PARAM = 'edit';
const NEW = 'new';
const CREATE_PARAMS = ['template', 'width', 'height', 'orientation'] as const;

export type NewComposition = { template: number } | (CanvasSize & { orientation: CanvasOrientation });
export type EditorAddress = { id: number } | { create: NewComposition } | null;

const whole = (raw: string | null) => {
  const value = Number(raw);
  return raw !== null && Number.isInteger(value) && value > 0 ? value : null;
};

export function readEditorAddress(params: URLSearchParams): EditorAddress {
  const edit = params.get(EDIT_PARAM);
  if (edit === null) return null;
  if (edit !== NEW) {
    const id = whole(edit);
    return id === null ? null : { id };
  }
  const template = whole(params.get('template'));
  if (template !== null) return { create: { template } };
  const width = whole(params.get('width'));
  const height = whole(params.get('height'));
  const orientation = Number(params.get('orientation') ?? 0) as CanvasOrientation;
  if (width === null || height === null || !CANVAS_ORIENTATIONS.includes(orientation)) return null;
  return { create: { width, height, orientation } };
}

/** The list's address with the editor of a new composition open. */
export function newCompositionParams(
  chosen: NewComposition,
  current = new URLSearchParams(),
): URLSearchParams {
  const next = withoutEditor(current);
  next.set(EDIT_PARAM, NEW);
  for (const [key, value] of Object.entries(chosen)) next.set(key, String(value));
  return next;
}

export function editParams(id: number, current = new URLSearchParams()): URLSearchParams {
  const next = withoutEditor(current);
  next.set(EDIT_PARAM, String(id));
  return next;
}

/** The list's own view (page, sort, keyword), the editor closed. */
export function withoutEditor(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [EDIT_PARAM, ...CREATE_PARAMS]) next.delete(key);
  return next;
}
