import { type VideoWallCell, wallCanvas, wallCellArea } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { fitCanvas, fitOnWall } from './geometry';

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
  const wall = {
    rows: 2,
    columns: 2,
    screen_width_mm: 1000,
    screen_height_mm: 500,
    bezel_top_mm: 10,
    bezel_right_mm: 10,
    bezel_bottom_mm: 10,
    bezel_left_mm: 10,
  };
  const cellAt = (row: number, column: number): VideoWallCell => {
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
