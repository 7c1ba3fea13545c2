// The wall editor's grid: which screen is in which place, keyed "row,column" (both from 0).

export type Place = { row: number; column: number };
export type Cells = ReadonlyMap<string, number>;

export const placeKey = ({ row, column }: Place) => `${row},${column}`;

export function placeOf(key: string): Place {
  const [row, column] = key.split(',').map(Number);
  return { row, column };
}

/**
 * Puts a screen in a place (null: empties it). A screen already elsewhere leaves its old place,
 * which takes the screen that was in the new one: dragging onto a taken place swaps them.
 */
export function place(cells: Cells, key: string, deviceId: number | null): Map<string, number> {
  const next = new Map(cells);
  const previous = next.get(key);
  const from = deviceId === null ? undefined : [...next].find(([, id]) => id === deviceId)?.[0];
  if (from !== undefined) next.delete(from);
  if (deviceId === null) next.delete(key);
  else next.set(key, deviceId);
  if (from !== undefined && previous !== undefined && previous !== deviceId) next.set(from, previous);
  return next;
}

/** The places that still fit a grid of rows × columns (a smaller grid drops the others). */
export function within(cells: Cells, rows: number, columns: number): Map<string, number> {
  return new Map([...cells].filter(([key]) => placeOf(key).row < rows && placeOf(key).column < columns));
}

/** The request's cells, row by row. */
export const cellList = (cells: Cells) =>
  [...cells]
    .map(([key, device_id]) => ({ ...placeOf(key), device_id }))
    .sort((a, b) => a.row - b.row || a.column - b.column);
