import { Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  ALL_DONE,
  effectiveProgress,
  NOTHING_DONE,
  pathAfter,
  progressAfter,
  TOUR_ELEMENT_TIMEOUT_MS,
  TOUR_MASK_OPACITY,
  TOUR_POLL_MS,
  TOUR_ROLES,
  TOUR_STEP_POLL_MS,
  TOUR_STEPS,
  tourFor,
  tourPageOf,
} from './tour-logic';

const progress = (device: boolean, content: boolean, schedule: boolean) => ({ device, content, schedule });

describe('tour constants (spec 000 §2, §9)', () => {
  it('uses the spec’s waits, opacity and roles', () => {
    expect([TOUR_ELEMENT_TIMEOUT_MS, TOUR_POLL_MS, TOUR_STEP_POLL_MS, TOUR_MASK_OPACITY]).toEqual([
      30_000, 200, 100, 0.75,
    ]);
    expect([...TOUR_ROLES].sort()).toEqual([Role.userAdmin, Role.user, Role.owner].sort());
  });

  it('points at the spec’s element ids: 3 steps on Home, 6 on the device path, 3 on content, 6 on schedule', () => {
    expect(TOUR_STEPS.home).toEqual(['route-Devices', 'route-Content', 'route-Schedule']);
    expect(TOUR_STEPS.device).toEqual([
      'route-Devices',
      'addDevice',
      'digitalSignageId',
      'deviceName',
      'group_id',
      'deviceAuthentication',
    ]);
    expect(TOUR_STEPS.content).toHaveLength(3);
    expect(TOUR_STEPS.schedule).toHaveLength(6);
  });
});

describe('tourPageOf', () => {
  it('knows Home, the devices list, the content upload pages and the schedule editor', () => {
    expect(tourPageOf('/', Role.owner)).toBe('home');
    expect(tourPageOf('/home', Role.owner)).toBe('home');
    expect(tourPageOf('/device/list', Role.owner)).toBe('devices');
    expect(tourPageOf('/content/image', Role.userAdmin)).toBe('content');
    expect(tourPageOf('/content/video/', Role.userAdmin)).toBe('content');
    expect(tourPageOf('/schedule/add', Role.owner)).toBe('schedule');
    expect(tourPageOf('/schedule/add/12', Role.owner)).toBe('schedule');
    expect(tourPageOf('/schedule/live', Role.owner)).toBeNull();
    expect(tourPageOf('/content/play-list', Role.owner)).toBeNull();
    expect(tourPageOf('/device/12', Role.owner)).toBeNull();
  });

  it('treats a user-role account on the devices list as on Home', () => {
    expect(tourPageOf('/device/list', Role.user)).toBe('home');
    expect(tourPageOf('/device/list', Role.userAdmin)).toBe('devices');
  });
});

describe('tourFor', () => {
  it('starts at Home (and on the devices list) while the device step is not done', () => {
    expect(tourFor('home', NOTHING_DONE)).toBe('home');
    expect(tourFor('devices', NOTHING_DONE)).toBe('device');
    expect(tourFor('home', progress(true, false, false))).toBeNull();
    expect(tourFor('devices', progress(true, false, false))).toBeNull();
  });

  it('starts on the content page only when device is done and content not', () => {
    expect(tourFor('content', NOTHING_DONE)).toBeNull();
    expect(tourFor('content', progress(true, false, false))).toBe('content');
    expect(tourFor('content', progress(true, true, false))).toBeNull();
  });

  it('starts on the schedule page only when device and content are done and schedule not', () => {
    expect(tourFor('schedule', progress(true, false, false))).toBeNull();
    expect(tourFor('schedule', progress(false, true, false))).toBeNull();
    expect(tourFor('schedule', progress(true, true, false))).toBe('schedule');
    expect(tourFor('schedule', ALL_DONE)).toBeNull();
  });

  it('starts nowhere else', () => {
    expect(tourFor(null, NOTHING_DONE)).toBeNull();
  });
});

describe('effectiveProgress', () => {
  it('counts users who logged in more than once as done, unless they asked for a reset', () => {
    expect(effectiveProgress(NOTHING_DONE, 1, false)).toEqual(NOTHING_DONE);
    expect(effectiveProgress(NOTHING_DONE, 0, false)).toEqual(NOTHING_DONE);
    expect(effectiveProgress(NOTHING_DONE, 2, false)).toEqual(ALL_DONE);
    expect(effectiveProgress(NOTHING_DONE, 7, true)).toEqual(NOTHING_DONE);
    expect(effectiveProgress(progress(true, false, false), 7, true)).toEqual(progress(true, false, false));
  });
});

describe('progressAfter and pathAfter', () => {
  it('sets each flag as its tour finishes and leads to the next tour’s page', () => {
    expect(progressAfter('home', NOTHING_DONE, Role.owner)).toEqual(NOTHING_DONE);
    expect(pathAfter('home', Role.owner)).toBe('/device/list');
    expect(progressAfter('device', NOTHING_DONE, Role.owner)).toEqual(progress(true, false, false));
    expect(pathAfter('device', Role.owner)).toBe('/content/image');
    expect(progressAfter('content', progress(true, false, false), Role.owner)).toEqual(
      progress(true, true, false),
    );
    expect(pathAfter('content', Role.owner)).toBe('/schedule/add');
    expect(progressAfter('schedule', progress(true, true, false), Role.owner)).toEqual(ALL_DONE);
    expect(pathAfter('schedule', Role.owner)).toBeNull();
  });

  it('lets a user-role account’s Home tour stand for its device step', () => {
    expect(progressAfter('home', NOTHING_DONE, Role.user)).toEqual(progress(true, false, false));
    expect(pathAfter('home', Role.user)).toBe('/content/image');
  });
});
