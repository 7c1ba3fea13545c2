import { type VideoWallCell, wallCanvasBox } from '@vitrine/contract';

/** Where a canvas of canvasWidth × canvasHeight sits on a screen: scaled to fit whole, centred. */
export type CanvasFit = { scale: number; left: number; top: number };

/** Letterboxed: the largest scale showing the whole canvas, the rest of the screen left around it. */
export function fitCanvas(
  screenWidth: number,
  screenHeight: number,
  canvasWidth: number,
  canvasHeight: number,
): CanvasFit {
  if (canvasWidth <= 0 || canvasHeight <= 0 || screenWidth <= 0 || screenHeight <= 0) {
    return { scale: 0, left: 0, top: 0 };
  }
  const scale = Math.min(screenWidth / canvasWidth, screenHeight / canvasHeight);
  return {
    scale,
    left: (screenWidth - canvasWidth * scale) / 2,
    top: (screenHeight - canvasHeight * scale) / 2,
  };
}

/**
 * Where a screen of a video wall draws a program laid on the whole wall: the program's canvas fit
 * (letterboxed) into the wall's canvas scaled to this screen, and moved so that only this screen's
 * own active area falls on it. The bezels hide the part of the picture behind them, so a line
 * crossing a seam stays straight.
 */
export function fitOnWall(
  cell: VideoWallCell,
  screenWidth: number,
  screenHeight: number,
  canvasWidth: number,
  canvasHeight: number,
): CanvasFit {
  const wall = wallCanvasBox(cell, screenWidth, screenHeight);
  const fit = fitCanvas(wall.width, wall.height, canvasWidth, canvasHeight);
  return { scale: fit.scale, left: wall.left + fit.left, top: wall.top + fit.top };
}
