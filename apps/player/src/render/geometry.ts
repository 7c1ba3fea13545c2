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
