// The geometry of a video wall, zod-free: the browser player imports it (apps/player/src/render).
//
// A wall is rows × columns of identical screens. Each screen shows a picture on its active area
// (width × height, millimetres) and is framed by bezels (top, right, bottom, left, millimetres)
// that show nothing. The wall's canvas is the rectangle from the first screen's active area to the
// last one's: every active area and the bezels between them (the outer bezels frame the canvas and
// show no picture). Content is laid out on the canvas once; each screen shows the rectangle of the
// canvas that its active area covers, so the part of the picture behind the bezels is hidden, as
// it would be behind a window frame.

/** A wall has 1 to this many rows, and 1 to this many columns (64 screens at most). */
export const VIDEO_WALL_MAX_SIDE = 8;
/** Sizes and bezel widths are below this many millimetres (spec 001 §5: numbers below 10000). */
export const VIDEO_WALL_MM_LIMIT = 10_000;

/** How the screens hang: landscape (wider than tall) or portrait. */
export const VIDEO_WALL_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type VideoWallOrientation = (typeof VIDEO_WALL_ORIENTATIONS)[number];

/** The physical measures of a wall's screens, in millimetres, as they hang on the wall. */
export type VideoWallScreen = {
  rows: number;
  columns: number;
  screen_width_mm: number;
  screen_height_mm: number;
  bezel_top_mm: number;
  bezel_right_mm: number;
  bezel_bottom_mm: number;
  bezel_left_mm: number;
};

/** A rectangle in millimetres, from the canvas's top-left corner. */
export type MmRect = { x: number; y: number; width: number; height: number };

/** What one screen of a wall needs to show its part: the canvas and its own active area on it. */
export type VideoWallCell = {
  wall_id: number;
  row: number;
  column: number;
  canvas_width_mm: number;
  canvas_height_mm: number;
  /** This screen's active area on the canvas. */
  area: MmRect;
};

/** The canvas's size in millimetres: all active areas and the bezels between them. */
export function wallCanvas(wall: VideoWallScreen): { width: number; height: number } {
  const gapX = wall.bezel_right_mm + wall.bezel_left_mm;
  const gapY = wall.bezel_bottom_mm + wall.bezel_top_mm;
  return {
    width: wall.columns * wall.screen_width_mm + (wall.columns - 1) * gapX,
    height: wall.rows * wall.screen_height_mm + (wall.rows - 1) * gapY,
  };
}

/** The active area of the screen at (row, column), both from 0, on the canvas. */
export function wallCellArea(wall: VideoWallScreen, row: number, column: number): MmRect {
  return {
    x: column * (wall.screen_width_mm + wall.bezel_right_mm + wall.bezel_left_mm),
    y: row * (wall.screen_height_mm + wall.bezel_bottom_mm + wall.bezel_top_mm),
    width: wall.screen_width_mm,
    height: wall.screen_height_mm,
  };
}

/** A box in pixels, from the screen's top-left corner: where the whole canvas is drawn. */
export type PixelBox = { left: number; top: number; width: number; height: number };

/**
 * Where a screen of viewportWidth × viewportHeight pixels, showing exactly its active area, draws
 * the whole canvas so that only its own rectangle falls on the screen: scaled from millimetres to
 * the screen's pixels, and moved left and up by its area's position. Content laid out on that box
 * (contain, cover or fill) then falls across the wall as one picture.
 */
export function wallCanvasBox(cell: VideoWallCell, viewportWidth: number, viewportHeight: number): PixelBox {
  if (cell.area.width <= 0 || cell.area.height <= 0) return { left: 0, top: 0, width: 0, height: 0 };
  const scaleX = viewportWidth / cell.area.width;
  const scaleY = viewportHeight / cell.area.height;
  return {
    left: -cell.area.x * scaleX,
    top: -cell.area.y * scaleY,
    width: cell.canvas_width_mm * scaleX,
    height: cell.canvas_height_mm * scaleY,
  };
}
