import { type VideoWallCell, type VideoWallScreen, wallCanvas, wallCellArea } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { fitCanvas, fitOnWall } from './geometry';

/** A 2 × 2 wall of screens of this active area (mm, as they hang), with one bezel width all round. */
const twoByTwo = (width: number, height: number, bezel: number): VideoWallScreen => ({
  rows: 2,
  columns: 2,
  screen_width_mm: width,
  screen_height_mm: height,
  bezel_top_mm: bezel,
  bezel_right_mm: bezel,
  bezel_bottom_mm: bezel,
  bezel_left_mm: bezel,
});

/** The cell a screen's manifest carries for its place in the wall. */
const cellOf = (wall: VideoWallScreen, row: number, column: number): VideoWallCell => {
  const canvas = wallCanvas(wall);
  return {
    wall_id: 1,
    row,
    column,
    canvas_width_mm: canvas.width,
    canvas_height_mm: canvas.height,
    area: wallCellArea(wall, row, column),
  };
};

describe('fitCanvas', () => {
  it('fills a screen of the same shape', () => {
    expect(fitCanvas(1280, 720, 1920, 1080)).toEqual({ scale: 2 / 3, left: 0, top: 0 });
  });

  it('letterboxes a wide canvas on a taller screen, centred', () => {
    expect(fitCanvas(1000, 1000, 2000, 1000)).toEqual({ scale: 0.5, left: 0, top: 250 });
  });

  it('pillarboxes a portrait canvas on a landscape screen, centred', () => {
    expect(fitCanvas(1920, 1080, 1080, 1920)).toEqual({ scale: 0.5625, left: (1920 - 607.5) / 2, top: 0 });
  });

  it('scales a small canvas up', () => {
    expect(fitCanvas(3840, 2160, 1920, 1080).scale).toBe(2);
  });

  it('shows nothing for an empty screen or canvas', () => {
    expect(fitCanvas(0, 1080, 1920, 1080).scale).toBe(0);
    expect(fitCanvas(1920, 1080, 0, 0).scale).toBe(0);
  });
});

describe('fitOnWall', () => {
  // A 2 × 2 wall of 1000 × 500 mm screens, 10 mm bezels all round: 20 mm between two screens.
  const wall = twoByTwo(1000, 500, 10);
  const cellAt = (row: number, column: number) => cellOf(wall, row, column);

  it('measures the canvas with the bezels between screens, not the outer ones', () => {
    expect(wallCanvas(wall)).toEqual({ width: 2020, height: 1020 });
    expect(wallCellArea(wall, 1, 1)).toEqual({ x: 1020, y: 520, width: 1000, height: 500 });
  });

  it('shows each screen its own part of a program filling the canvas', () => {
    // 1000 px for 1000 mm: a program of the canvas's size in mm is drawn at 1 px per mm.
    expect(fitOnWall(cellAt(0, 0), 1000, 500, 2020, 1020)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitOnWall(cellAt(0, 1), 1000, 500, 2020, 1020)).toEqual({ scale: 1, left: -1020, top: 0 });
    expect(fitOnWall(cellAt(1, 0), 1000, 500, 2020, 1020)).toEqual({ scale: 1, left: 0, top: -520 });
    expect(fitOnWall(cellAt(1, 1), 1000, 500, 2020, 1020)).toEqual({ scale: 1, left: -1020, top: -520 });
  });

  it('hides behind the bezels what lies there: a point of the program falls where the wall puts it', () => {
    // A 1920 px screen for 1000 mm; the program is 4040 × 2040 (2 px per mm of canvas).
    const right = fitOnWall(cellAt(0, 1), 1920, 960, 4040, 2040);
    // The program's x at the right screen's left edge is 2 px/mm × 1020 mm: the 40 px of the seam
    // (20 mm) are on neither screen.
    const programX = (screenX: number) => (screenX - right.left) / right.scale;
    expect(programX(0)).toBeCloseTo(2040);
    const left = fitOnWall(cellAt(0, 0), 1920, 960, 4040, 2040);
    expect((1920 - left.left) / left.scale).toBeCloseTo(2000);
  });

  it('letterboxes a program of another shape inside the whole wall, not inside each screen', () => {
    // A square program on the 2020 × 1020 mm wall: 1020 mm wide, centred across the seam.
    const topLeft = fitOnWall(cellAt(0, 0), 1000, 500, 1000, 1000);
    expect(topLeft.scale).toBeCloseTo(1.02);
    expect(topLeft.left).toBeCloseTo((2020 - 1020) / 2);
    expect(fitOnWall(cellAt(0, 1), 1000, 500, 1000, 1000).left).toBeCloseTo((2020 - 1020) / 2 - 1020);
  });
});

describe('fitOnWall, a portrait wall', () => {
  // Four 16:9 panels hung a quarter turn (portrait), 2 × 2: active areas 675 × 1200 mm as they hang,
  // 5 mm bezels all round. Each screen's browser window stays the panel's 1920 × 1080; the screen's
  // orientation (90° or 270°, which the server requires of every screen of a portrait wall) turns
  // the player's page, so its stage is 1080 × 1920, the way the panel hangs.
  const wall = twoByTwo(675, 1200, 5);
  const canvas = wallCanvas(wall);
  // The server's program of a wall: its canvas in mm scaled to 3840 px on the long side, rounded.
  const program = { width: Math.round((canvas.width * 3840) / canvas.height), height: 3840 };
  const cellAt = (row: number, column: number) => cellOf(wall, row, column);
  const cells = [cellAt(0, 0), cellAt(0, 1), cellAt(1, 0), cellAt(1, 1)];
  /** The wall millimetre (from the canvas's top-left) that a pixel of a screen's stage shows. */
  const wallMm = (cell: VideoWallCell, x: number, y: number) => {
    const fit = fitOnWall(cell, 1080, 1920, program.width, program.height);
    const mmPerPx = canvas.height / program.height;
    return { x: ((x - fit.left) / fit.scale) * mmPerPx, y: ((y - fit.top) / fit.scale) * mmPerPx };
  };

  it('is taller than wide, and so is its program', () => {
    expect(canvas).toEqual({ width: 1360, height: 2410 });
    expect(program).toEqual({ width: 2167, height: 3840 });
  });

  it('shows on each turned screen exactly its own active area, corner to corner', () => {
    for (const cell of cells) {
      const topLeft = wallMm(cell, 0, 0);
      const bottomRight = wallMm(cell, 1080, 1920);
      expect(topLeft.x).toBeCloseTo(cell.area.x, 0);
      expect(topLeft.y).toBeCloseTo(cell.area.y, 0);
      expect(bottomRight.x).toBeCloseTo(cell.area.x + 675, 0);
      expect(bottomRight.y).toBeCloseTo(cell.area.y + 1200, 0);
    }
    // The right column begins 10 mm (two bezels) after the left one ends; the bottom row likewise.
    expect(cells[1]?.area.x).toBe(685);
    expect(cells[2]?.area.y).toBe(1210);
  });

  it('draws the picture at one scale on every screen (1.6 px per mm), so a line crossing a seam stays straight', () => {
    const scales = cells.map((cell) => fitOnWall(cell, 1080, 1920, program.width, program.height).scale);
    const mmPerPx = canvas.height / program.height;
    for (const scale of scales) expect(scale / mmPerPx).toBeCloseTo(1.6, 2);
    // The line x = y / 2 on the wall: where it leaves the top-left screen's bottom edge (1200 mm
    // down), it enters the bottom-left one's top edge 10 mm further (the bezels hide what is between).
    const leaving = wallMm(cellAt(0, 0), 600 * 1.6, 1920);
    const entering = wallMm(cellAt(1, 0), 605 * 1.6, 0);
    expect(leaving.x / leaving.y).toBeCloseTo(0.5, 3);
    expect(entering.x / entering.y).toBeCloseTo(0.5, 3);
    expect(entering.y - leaving.y).toBeCloseTo(10, 1);
  });
});
