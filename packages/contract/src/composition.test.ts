import { describe, expect, it } from 'vitest';
import {
  alignZone,
  COMPOSITION_ZONE_LIMIT,
  COMPOSITION_ZONE_MIN,
  clampZone,
  compositionListQuerySchema,
  compositionRequestSchema,
  compositionTemplateRequestSchema,
  moveLayer,
  orientationFits,
  resolutionsFor,
  rotateCanvas,
  scaleZones,
  snapZone,
  zoneFits,
} from './composition';

const canvas = { width: 1920, height: 1080 };
const zone = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('zone geometry', () => {
  it('accepts whole-pixel zones inside the canvas, down to the smallest side', () => {
    expect(zoneFits(zone(0, 0, 1920, 1080), canvas)).toBe(true);
    expect(zoneFits(zone(1904, 1064, COMPOSITION_ZONE_MIN, COMPOSITION_ZONE_MIN), canvas)).toBe(true);
    expect(zoneFits(zone(1905, 0, 16, 16), canvas)).toBe(false);
    expect(zoneFits(zone(0, 0, 15, 100), canvas)).toBe(false);
    expect(zoneFits(zone(-1, 0, 100, 100), canvas)).toBe(false);
    expect(zoneFits(zone(0.5, 0, 100, 100), canvas)).toBe(false);
  });

  it('clamps a zone into the canvas: sides first, then the position, in whole pixels', () => {
    expect(clampZone(zone(-40, 1000, 200.4, 300), canvas)).toEqual(zone(0, 780, 200, 300));
    expect(clampZone(zone(100, 100, 4000, 2), canvas)).toEqual(zone(0, 100, 1920, COMPOSITION_ZONE_MIN));
    // Other fields of the zone pass through.
    expect(clampZone({ ...zone(0, 0, 10, 10), name: 'A' }, canvas).name).toBe('A');
  });

  it('snaps edges to the grid, or to the canvas edge when nearer', () => {
    expect(snapZone(zone(13, 27, 98, 51), canvas, 20)).toEqual(zone(20, 20, 100, 60));
    // 1080 is no multiple of 50: an edge near the bottom goes to the bottom, not to 1050 or 1100.
    expect(snapZone(zone(0, 1000, 1920, 78), canvas, 50)).toEqual(zone(0, 1000, 1920, 80));
    // Snapping never leaves a zone below the smallest side.
    expect(snapZone(zone(100, 100, 20, 20), canvas, 50).width).toBeGreaterThanOrEqual(COMPOSITION_ZONE_MIN);
  });

  it('aligns to the canvas edges and middles along one axis', () => {
    const z = zone(100, 200, 400, 300);
    expect(alignZone(z, canvas, 'left')).toEqual(zone(0, 200, 400, 300));
    expect(alignZone(z, canvas, 'center')).toEqual(zone(760, 200, 400, 300));
    expect(alignZone(z, canvas, 'right')).toEqual(zone(1520, 200, 400, 300));
    expect(alignZone(z, canvas, 'top')).toEqual(zone(100, 0, 400, 300));
    expect(alignZone(z, canvas, 'middle')).toEqual(zone(100, 390, 400, 300));
    expect(alignZone(z, canvas, 'bottom')).toEqual(zone(100, 780, 400, 300));
  });

  it('moves layers up, down, to the front and back, numbering them anew', () => {
    const layers = ['a', 'b', 'c', 'd'].map((name, position) => ({ name, position: position * 10 }));
    const names = (list: { name: string; position: number }[]) => {
      expect(list.map((l) => l.position)).toEqual([0, 1, 2, 3]);
      return list.map((l) => l.name).join('');
    };
    expect(names(moveLayer(layers, 1, 'forward'))).toBe('acbd');
    expect(names(moveLayer(layers, 1, 'backward'))).toBe('bacd');
    expect(names(moveLayer(layers, 0, 'front'))).toBe('bcda');
    expect(names(moveLayer(layers, 3, 'back'))).toBe('dabc');
    // Past either end, or an unknown index: the order stays.
    expect(names(moveLayer(layers, 3, 'forward'))).toBe('abcd');
    expect(names(moveLayer(layers, 0, 'backward'))).toBe('abcd');
    expect(names(moveLayer(layers, 9, 'front'))).toBe('abcd');
    // The input is not changed.
    expect(layers[1]).toEqual({ name: 'b', position: 10 });
  });

  it('scales zones to another canvas, keeping shared edges shared', () => {
    const halves = [zone(0, 0, 960, 1080), zone(960, 0, 960, 1080)];
    expect(scaleZones(halves, canvas, { width: 1366, height: 768 })).toEqual([
      zone(0, 0, 683, 768),
      zone(683, 0, 683, 768),
    ]);
  });

  it('rotating between landscape and portrait swaps the sides and scales the zones', () => {
    const layout = { ...canvas, orientation: 0 as const, zones: [zone(0, 960, 1920, 120)] };
    const portrait = rotateCanvas(layout, 90);
    expect(portrait).toMatchObject({ width: 1080, height: 1920, orientation: 90 });
    expect(portrait.zones).toEqual([zone(0, 1707, 1080, 213)]);
    // Upside down: the same canvas.
    expect(rotateCanvas(layout, 180)).toEqual({ ...layout, orientation: 180 });
    expect(rotateCanvas(portrait, 270)).toMatchObject({ width: 1080, height: 1920, orientation: 270 });
  });

  it('offers the common resolutions that suit the orientation', () => {
    expect(resolutionsFor(0)).toContainEqual({ width: 1920, height: 1080 });
    expect(resolutionsFor(0)).not.toContainEqual({ width: 1080, height: 1920 });
    expect(resolutionsFor(270)).toContainEqual({ width: 1080, height: 1920 });
    expect(orientationFits({ width: 1024, height: 1024 }, 90)).toBe(true);
  });
});

describe('composition requests', () => {
  const body = {
    name: ' Lobby ',
    width: 1920,
    height: 1080,
    zones: [
      { kind: 'media', name: 'Main', x: 0, y: 0, width: 1920, height: 960, content_id: 4 },
      { kind: 'clock', name: 'Clock', x: 0, y: 960, width: 1920, height: 120, settings: { format: 'date' } },
    ],
  };
  const messages = (value: unknown, schema = compositionRequestSchema) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('fills in defaults by zone kind and drops references a kind does not have', () => {
    const parsed = compositionRequestSchema.parse({
      ...body,
      zones: [...body.zones, { kind: 'text', name: 'T', x: 0, y: 0, width: 20, height: 20, content_id: 3 }],
    });
    expect(parsed).toMatchObject({
      name: 'Lobby',
      orientation: 0,
      background_color: '#000000',
      duration: 30,
    });
    expect(parsed.background_content_id).toBeNull();
    expect(parsed.zones[0]).toMatchObject({
      content_id: 4,
      background_color: 'transparent',
      settings: { fit: 'contain', muted: true, duration: null },
    });
    expect(parsed.zones[1]).toMatchObject({
      font_id: null,
      settings: { format: 'date', color: '#ffffff', font_size: 64 },
    });
    expect(parsed.zones[2]).toEqual({
      kind: 'text',
      name: 'T',
      x: 0,
      y: 0,
      width: 20,
      height: 20,
      background_color: 'transparent',
      settings: {},
      text_id: null,
    });
  });

  it('refuses zones outside the canvas, too small, of unknown kinds, or too many', () => {
    const z = body.zones[0];
    expect(messages({ ...body, zones: [{ ...z, x: 1 }] })).toEqual(['composition.zoneOutside']);
    expect(messages({ ...body, zones: [{ ...z, height: 8 }] })).toEqual(['composition.zoneSize']);
    expect(messages({ ...body, zones: [{ ...z, y: 1.5 }] })).toEqual(['composition.zonePixels']);
    expect(messages({ ...body, zones: [{ ...z, kind: 'video' }] })).toEqual(['composition.zoneKind']);
    expect(messages({ ...body, zones: [] })).toEqual(['composition.zonesRequired']);
    expect(messages({ ...body, zones: Array(COMPOSITION_ZONE_LIMIT + 1).fill(z) })).toEqual([
      'composition.zonesMax',
    ]);
  });

  it('refuses canvases outside the limits, unknown orientations and sides that do not suit them', () => {
    expect(messages({ ...body, width: 100 })).toContain('composition.canvas');
    expect(messages({ ...body, orientation: 45 })).toEqual(['composition.orientation']);
    expect(messages({ ...body, orientation: 90 })).toEqual(['composition.orientationMismatch']);
    expect(messages({ ...body, name: '' })).toEqual(['validation.name.required']);
    expect(messages({ ...body, name: 'x'.repeat(65) })).toEqual(['validation.name.max']);
    expect(messages({ ...body, duration: 0 })).toEqual(['composition.duration']);
  });

  it('validates settings by the zone kind', () => {
    const clock = body.zones[1];
    expect(messages({ ...body, zones: [{ ...clock, settings: { format: 'week' } }] })).toEqual([
      'composition.clockFormat',
    ]);
    expect(messages({ ...body, zones: [{ ...clock, settings: { font_size: 401 } }] })).toEqual([
      'composition.clockFontSize',
    ]);
    expect(messages({ ...body, zones: [{ ...clock, settings: { color: 'red' } }] })).toEqual([
      'validation.color',
    ]);
    expect(messages({ ...body, zones: [{ ...body.zones[0], settings: { fit: 'stretch' } }] })).toEqual([
      'composition.fit',
    ]);
  });

  it('takes templates as layouts only', () => {
    const parsed = compositionTemplateRequestSchema.parse(body);
    expect(parsed.zones[0]).not.toHaveProperty('content_id');
    expect(parsed.zones[1]).not.toHaveProperty('font_id');
  });

  it('filters lists by orientation', () => {
    expect(compositionListQuerySchema.parse({ orientation: '90' }).orientation).toBe(90);
    expect(compositionListQuerySchema.safeParse({ orientation: '45' }).success).toBe(false);
  });
});
