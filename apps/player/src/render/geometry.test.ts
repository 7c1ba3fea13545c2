import { describe, expect, it } from 'vitest';
import { fitCanvas } from './geometry';

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
