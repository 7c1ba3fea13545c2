import { ContentType, scheduleRequestSchema } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { contentItem } from '../../../test/content';
import {
  bodyOf,
  contentPortrait,
  contentTypesFor,
  draftPortrait,
  emptyDraft,
  formatFits,
  itemChoiceOf,
  orientationFits,
  stepOfField,
  totalSeconds,
  unequalSync,
} from './draft';

const image = itemChoiceOf(contentItem());
const tall = itemChoiceOf(contentItem({ id: 12, width: 1080, height: 1920 }));
const video = itemChoiceOf(
  contentItem({ id: 13, type: ContentType.video, duration: 42, mime: 'video/webm' }),
);
const site = itemChoiceOf(
  contentItem({ id: 14, type: ContentType.website, width: null, height: null, mime: null }),
);

describe('the draft', () => {
  it('becomes a body the contract accepts: items for item types, a program for program types, a spot for inserts', () => {
    const standard = {
      ...emptyDraft('standard', '2099-03-02'),
      name: ' Spring ',
      devices: [{ device_id: 31, name: 'Lobby', signage_id: 'K7MX2Q', orientation: 0 }],
      items: [image, { ...video, duration: 20 }],
      frames: [{ start: '09:00', end: '18:00', rrule: 'FREQ=DAILY' }],
    };
    const body = bodyOf(standard, true);
    expect(body).toMatchObject({
      name: 'Spring',
      items: [
        { content_id: 11, duration: null },
        { content_id: 13, duration: 20 },
      ],
      program_id: null,
      spot: null,
      submit: true,
    });
    expect(scheduleRequestSchema.safeParse(body).success).toBe(true);

    const playlist = {
      ...standard,
      type: 'playlist',
      program: { id: 41, name: 'Loop', orientation: 0, duration: 95 },
    };
    expect(bodyOf(playlist, false)).toMatchObject({ items: [], program_id: 41, submit: false });
    expect(scheduleRequestSchema.safeParse(bodyOf(playlist, false)).success).toBe(true);

    const insert = { ...standard, type: 'insert', spot: { start: '2099-04-01T12:30', minutes: 15 } };
    const spot = bodyOf(insert, false);
    expect(spot).toMatchObject({
      start_date: '2099-04-01',
      end_date: '2099-04-01',
      frames: [],
      spot: insert.spot,
    });
    expect(scheduleRequestSchema.safeParse(spot).success).toBe(true);
  });

  it('counts one pass: set seconds, else the own length, else the default', () => {
    expect(totalSeconds([image, video, { ...site, duration: 5 }])).toBe(10 + 42 + 5);
  });
});

describe('checks before the server', () => {
  it('reads the shape of content from its pixels; sizeless content fits any screen', () => {
    expect(contentPortrait(image)).toBe(false);
    expect(contentPortrait(tall)).toBe(true);
    expect(contentPortrait(site)).toBeNull();
    expect(draftPortrait({ type: 'standard', items: [image, site], program: null })).toBe(false);
    expect(draftPortrait({ type: 'standard', items: [site], program: null })).toBeNull();
    expect(
      draftPortrait({
        type: 'composition',
        items: [],
        program: { id: 1, name: 'c', orientation: 270, duration: 1 },
      }),
    ).toBe(true);
    expect(orientationFits(90, true)).toBe(true);
    expect(orientationFits(180, true)).toBe(false);
    expect(orientationFits(90, null)).toBe(true);
  });

  it('media formats: images, videos and music only; no list plays all; MP4 support lets a video pass', () => {
    const old = { media_types: ['image/png', 'audio/mpeg'] };
    expect(formatFits(old, image)).toBe(true);
    expect(formatFits(old, video)).toBe(false);
    expect(formatFits({ media_types: ['video/mp4'] }, video)).toBe(true);
    expect(formatFits(old, site)).toBe(true);
    expect(formatFits({ media_types: null }, video)).toBe(true);
    expect(formatFits({ media_types: ['IMAGE/PNG'] }, { ...image, mime: 'image/png; charset=binary' })).toBe(
      true,
    );
  });

  it('sync play: images and videos only, each playing equally long (set, own length or default)', () => {
    expect(contentTypesFor('sync')).toEqual([ContentType.image, ContentType.video]);
    const sync = (items: (typeof image)[]) => ({ type: 'sync', items });
    expect(unequalSync(sync([image, { ...video, duration: null }]))).toBe(true); // 10 s against 42 s
    expect(unequalSync(sync([{ ...image, duration: 42 }, video]))).toBe(false);
    expect(unequalSync(sync([{ ...image, duration: 42.0004 }, video]))).toBe(false); // the same millisecond
    expect(unequalSync(sync([image, tall]))).toBe(false); // both the default
    expect(unequalSync({ type: 'standard', items: [image, video] })).toBe(false);
  });

  it("puts a server field on the wizard's step", () => {
    expect(stepOfField('device_ids')).toBe(1);
    expect(stepOfField('items.0.content_id')).toBe(2);
    expect(stepOfField('items.2.duration')).toBe(3);
    expect(stepOfField('program_id')).toBe(2);
    expect(stepOfField('frames.1.rrule')).toBe(4);
    expect(stepOfField('end_date')).toBe(4);
    expect(stepOfField('name')).toBe(5);
  });
});
