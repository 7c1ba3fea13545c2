import { hash } from 'node:crypto';
import {
  ITEM_SCHEDULE_TYPES,
  type Manifest,
  type ManifestRule,
  type ManifestSchedule,
  type ManifestTrigger,
  PROGRAM_SCHEDULE_TYPES,
  type Program,
  type ProgramKind,
  ScheduleType,
  SYNC_SCHEDULE_TYPES,
  type VideoWallCell,
} from '@vitrine/contract';
import DataLoader from 'dataloader';
import { and, asc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Device, holidays, scheduleDevices, schedules } from '../../db/schema';
import { clearOnScreenChanges } from '../../platform/screen-changes';
import { screenRulesByDevice } from '../rule';
import { STORAGE_REFUSED } from '../schedule';
import { sensorIdsByDevice, sensorIdsBySchedule } from '../sensor';
import { wallCellsOf } from '../video-wall';
import {
  type BuildContext,
  scheduleItemsOf,
  scheduleItemsProgram,
  screenCanvas,
  storedProgram,
  wallContentProgram,
} from './builder';
import { companyReach } from './reach';

// What a paired screen plays (GET player/manifest): its default program, its approved schedules
// that have not ended (each with its program) and what resolving them needs (its timezone, the
// company's holidays), its place in its video wall if it is in one, and the control rules it fires
// itself (docs/rules.md). The version is a hash of everything else in the manifest, so it changes
// exactly when the manifest does; it is the answer's ETag.
//
// A fleet fetches together (a schedule published to 10,000 screens tells them all at once), so:
// - the devices' schedule rows are read in batches (DataLoader over one turn of the event loop);
// - programs, holidays and whole manifests are kept in a cache (ManifestCache) by what they are
//   built from: a thousand screens showing the same schedule share one built program and one
//   hashed manifest. Every change that alters what a screen plays announces 'manifest-changed'
//   (platform/screen-changes.ts); that event empties the cache on every instance (and publishing it empties this
//   instance's at once), and an entry lives at most CACHE_TTL_MS whatever happens.

type ManifestDevice = Pick<
  Device,
  'id' | 'companyId' | 'defaultProgramKind' | 'defaultProgramId' | 'timezone' | 'orientation'
>;

/** An entry of the cache lives at most this long, even when no event empties it. */
const CACHE_TTL_MS = 30_000;
/** Entries kept at most (each cache); past it, the cache starts again empty. */
const CACHE_MAX = 20_000;
/** Holidays handed to a screen reach at most this far ahead. */
const HOLIDAY_DAYS = 400;
/** Devices whose schedule rows one statement reads. */
const BATCH_MAX = 500;
const DAY_MS = 86_400_000;

export const manifestVersion = (content: Omit<Manifest, 'version'>) =>
  hash('sha256', JSON.stringify(content), 'base64url').slice(0, 32);

/** A schedule the device is on, with its push status there. */
type DeviceScheduleRow = {
  deviceId: number;
  pushStatus: string | null;
  id: number;
  companyId: number;
  name: string;
  type: string;
  priority: number;
  startDate: string;
  endDate: string;
  frames: ManifestSchedule['frames'];
  spot: ManifestSchedule['spot'];
  programId: number | null;
  excludeHolidays: boolean;
  approvedAt: Date | null;
  sensorSeconds: number | null;
};

/** Things built once and shared until 'manifest-changed' (or CACHE_TTL_MS). */
class Expiring<T> {
  private entries = new Map<string, { at: number; value: Promise<T> }>();

  get(key: string, build: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < CACHE_TTL_MS) return hit.value;
    if (this.entries.size >= CACHE_MAX) this.entries = new Map();
    const entries = this.entries;
    const value = build();
    entries.set(key, { at: now, value });
    // A failed build is not kept; nor is one that outlived a clear (it went to the old map).
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }

  clear() {
    this.entries = new Map();
  }

  get size() {
    return this.entries.size;
  }
}

/** Local dates (YYYY-MM-DD) per timezone; an unknown zone reads as UTC. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timezone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timezone);
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: timezone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    dateFormats.set(timezone, format);
  }
  return format;
}

/** The date at `at` on a device's wall clock (UTC when it has no timezone). */
export const localDate = (timezone: string | null, at: Date) => dateFormat(timezone ?? 'UTC').format(at);

/** A date `days` after a YYYY-MM-DD one. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type DeviceManifest = {
  manifest: Manifest;
  /** Schedules in it whose push to this device is not yet confirmed (pending or failed). */
  unconfirmed: number[];
};

export class ManifestCache {
  private readonly programs = new Expiring<Program | null>();
  private readonly holidays = new Expiring<string[]>();
  private readonly manifests = new Expiring<Manifest>();
  /** A sensor schedule's tags (sensor IDs), by schedule. */
  private readonly triggerTags = new Expiring<string[]>();
  private readonly rows: DataLoader<number, DeviceScheduleRow[]>;
  /** The sensor IDs each device listens to, read in batches like its schedule rows. */
  private readonly listening: DataLoader<number, string[]>;
  /** The time and sensor rules each screen fires itself, read in batches like the rows. */
  private readonly screenRules: DataLoader<number, ManifestRule[]>;
  /** Each screen's place in its video wall, read in batches like the rows. */
  private readonly cells: DataLoader<number, VideoWallCell | null>;
  /** Every live cache is emptied when this process announces a change (before the bus event comes). */
  private readonly unfollow = clearOnScreenChanges(this);

  constructor(private readonly ctx: BuildContext) {
    this.rows = new DataLoader(
      async (ids) => {
        const found = await scheduleRowsOf(ctx.db, ids);
        return ids.map((id) => found.get(id) ?? []);
      },
      { cache: false, maxBatchSize: BATCH_MAX, batchScheduleFn: setImmediate },
    );
    this.listening = new DataLoader(
      async (ids) => {
        const found = await sensorIdsByDevice(ctx.db, ids);
        return ids.map((id) => found.get(id) ?? []);
      },
      { cache: false, maxBatchSize: BATCH_MAX, batchScheduleFn: setImmediate },
    );
    this.screenRules = new DataLoader(
      async (ids) => {
        const found = await screenRulesByDevice(ctx.db, ids);
        return ids.map((id) => found.get(id) ?? []);
      },
      { cache: false, maxBatchSize: BATCH_MAX, batchScheduleFn: setImmediate },
    );
    this.cells = new DataLoader(
      async (ids) => {
        const found = await wallCellsOf(ctx.db, ids);
        return ids.map((id) => found.get(id) ?? null);
      },
      { cache: false, maxBatchSize: BATCH_MAX, batchScheduleFn: setImmediate },
    );
  }

  clear() {
    this.programs.clear();
    this.holidays.clear();
    this.manifests.clear();
    this.triggerTags.clear();
  }

  /** Stops hearing clears (the app is closing). */
  close() {
    this.unfollow();
  }

  /** What the device plays now, and which of its schedules it has not confirmed yet. */
  async manifestOf(device: ManifestDevice, now = new Date()): Promise<DeviceManifest> {
    const { companyId } = device;
    if (companyId === null) return this.heldBack(device);
    const today = localDate(device.timezone, now);
    // Its four reads go in the same turn, each in its batch: one round trip for a fleet's fetch, not four.
    const [scheduled, sensors, cell, screenRules] = await Promise.all([
      this.rows.load(device.id),
      this.listening.load(device.id),
      this.cells.load(device.id),
      this.screenRules.load(device.id),
    ]);
    // A frame starting on the end date may run into the next day: kept one day longer.
    const rows = scheduled.filter((row) => row.companyId === companyId && row.endDate >= addDays(today, -1));
    const excluding = rows.filter((row) => row.excludeHolidays);
    let days: string[] = [];
    if (excluding.length > 0) {
      const from = addDays(today, -1);
      const last = excluding.reduce((end, row) => (row.endDate > end ? row.endDate : end), from);
      const until = [addDays(last, 1), addDays(today, HOLIDAY_DAYS)].sort()[0];
      const all = await this.holidays.get(String(companyId), () => companyHolidays(this.ctx.db, companyId));
      days = all.filter((day) => day >= from && day <= until);
    }
    const manifest = await this.build(device, companyId, rows, days, sensors, cell, screenRules);
    // A sensor schedule reaches the screen as a trigger: fetched, it is confirmed as the others are.
    const shown = new Set(
      [...manifest.schedules, ...(manifest.triggers ?? [])].map((schedule) => schedule.id),
    );
    const unconfirmed = rows
      .filter((row) => shown.has(row.id) && (row.pushStatus === 'pending' || row.pushStatus === 'failed'))
      .map((row) => row.id);
    return { manifest, unconfirmed };
  }

  /**
   * The manifest of a screen that plays nothing of a company: unpaired, or without a licence in
   * force (its schedules stay unconfirmed: they have not reached it).
   */
  async heldBack(device: ManifestDevice): Promise<DeviceManifest> {
    return { manifest: await this.build(device, null, [], [], [], null, []), unconfirmed: [] };
  }

  private build(
    device: ManifestDevice,
    companyId: number | null,
    rows: readonly DeviceScheduleRow[],
    days: readonly string[],
    sensors: readonly string[],
    cell: VideoWallCell | null,
    screenRules: readonly ManifestRule[],
  ): Promise<Manifest> {
    const canvas = screenCanvas(device.orientation);
    const { defaultProgramKind: kind, defaultProgramId: id } = device;
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    const key = [
      companyId,
      kind,
      id,
      device.timezone,
      `${canvas.width}x${canvas.height}`,
      ordered.map((row) => row.id).join(','),
      days.join(','),
      sensors.join(','),
      JSON.stringify(cell),
      JSON.stringify(screenRules),
    ].join('|');
    return this.manifests.get(key, async () => {
      const defaultProgram =
        companyId !== null && kind !== null && id !== null
          ? await this.stored(companyId, kind as ProgramKind, id)
          : null;
      const built = await Promise.all(
        ordered.map(async (row): Promise<ManifestSchedule | null> => {
          const program = await this.scheduleProgram(row, canvas);
          if (!program) return null;
          return {
            id: row.id,
            type: row.type,
            priority: row.priority,
            start_date: row.startDate,
            end_date: row.endDate,
            frames: row.frames,
            spot: row.spot ?? null,
            exclude_holidays: row.excludeHolidays,
            approved_at: (row.approvedAt ?? new Date(0)).toISOString(),
            program,
          };
        }),
      );
      const shown = built.filter((schedule) => schedule !== null);
      const triggers = await Promise.all(
        shown
          .filter((schedule) => schedule.type === ScheduleType.sensor)
          .map(async (schedule): Promise<ManifestTrigger> => {
            const row = ordered.find((one) => one.id === schedule.id) as DeviceScheduleRow;
            return { ...schedule, sensor_ids: await this.tagsOf(row.id), seconds: row.sensorSeconds ?? 0 };
          }),
      );
      // Sensor schedules never play by themselves: they wait, armed, for a read (triggers).
      const content = {
        default_program: defaultProgram,
        timezone: device.timezone,
        holidays: [...days],
        schedules: shown.filter((schedule) => schedule.type !== ScheduleType.sensor),
        sensors: [...sensors],
        triggers: triggers.filter((trigger) => trigger.sensor_ids.length > 0),
        rules: [...screenRules],
        video_wall: cell,
      };
      return { version: manifestVersion(content), ...content };
    });
  }

  /** A sensor schedule's sensor IDs, read once for every screen it reaches. */
  private tagsOf(scheduleId: number) {
    return this.triggerTags.get(String(scheduleId), async () => {
      const found = await sensorIdsBySchedule(this.ctx.db, [scheduleId]);
      return found.get(scheduleId) ?? [];
    });
  }

  /** A stored playlist or composition of the company, built once for every screen showing it. */
  private stored(companyId: number, kind: ProgramKind, id: number) {
    return this.programs.get(`${companyId}|${kind}|${id}`, () =>
      storedProgram(this.ctx, companyReach(companyId), { kind, id }),
    );
  }

  private scheduleProgram(row: DeviceScheduleRow, canvas: { width: number; height: number }) {
    if (row.type === ScheduleType.videoWall) {
      // Laid on the whole wall, the same for each of its screens, always in lock-step.
      const wallContentId = row.programId;
      if (wallContentId === null) return Promise.resolve(null);
      return this.programs.get(`${row.companyId}|wall|${row.id}|${wallContentId}`, async () => {
        const program = await wallContentProgram(this.ctx, companyReach(row.companyId), row, wallContentId);
        return program && { ...program, sync: syncOf(row) };
      });
    }
    if (PROGRAM_SCHEDULE_TYPES.includes(row.type)) {
      return row.programId === null
        ? Promise.resolve(null)
        : this.stored(row.companyId, row.type as ProgramKind, row.programId);
    }
    if (!ITEM_SCHEDULE_TYPES.includes(row.type)) return Promise.resolve(null);
    return this.programs.get(
      `${row.companyId}|schedule|${row.id}|${canvas.width}x${canvas.height}`,
      async () => {
        const items = await scheduleItemsOf(this.ctx.db, row.id);
        const program = await scheduleItemsProgram(
          this.ctx,
          companyReach(row.companyId),
          { id: row.id, name: row.name, ...canvas },
          items,
        );
        return SYNC_SCHEDULE_TYPES.includes(row.type) ? { ...program, sync: syncOf(row) } : program;
      },
    );
  }
}

/**
 * A synced schedule's loop began at its start date's midnight, UTC (docs/sync.md): one instant for
 * every screen, whatever its timezone, so all of them are at the same point of the loop.
 */
const syncOf = (row: Pick<DeviceScheduleRow, 'startDate'>) => ({
  epoch_ms: Date.parse(`${row.startDate}T00:00:00Z`),
});

/** The approved schedules of these devices that may not have ended (a day's margin for timezones). */
async function scheduleRowsOf(
  db: Db,
  deviceIds: readonly number[],
): Promise<Map<number, DeviceScheduleRow[]>> {
  const rows = await db
    .select({
      deviceId: scheduleDevices.deviceId,
      pushStatus: scheduleDevices.pushStatus,
      id: schedules.id,
      companyId: schedules.companyId,
      name: schedules.name,
      type: schedules.type,
      priority: schedules.priority,
      startDate: schedules.startDate,
      endDate: schedules.endDate,
      frames: schedules.frames,
      spot: schedules.spot,
      programId: schedules.programId,
      excludeHolidays: schedules.excludeHolidays,
      approvedAt: schedules.approvedAt,
      sensorSeconds: schedules.sensorSeconds,
    })
    .from(scheduleDevices)
    .innerJoin(schedules, eq(schedules.id, scheduleDevices.scheduleId))
    .where(
      and(
        inArray(scheduleDevices.deviceId, [...deviceIds]),
        eq(schedules.state, 'approved'),
        gte(schedules.endDate, sql`(current_date - 2)`),
        // Refused for want of storage (schedule/publish.ts): not sent until published again.
        or(isNull(scheduleDevices.pushReason), ne(scheduleDevices.pushReason, STORAGE_REFUSED)),
      ),
    );
  const byDevice = new Map<number, DeviceScheduleRow[]>();
  for (const row of rows) {
    const list = byDevice.get(row.deviceId);
    if (list) list.push(row);
    else byDevice.set(row.deviceId, [row]);
  }
  return byDevice;
}

/** The company's holidays from two days ago on (devices cut them to their own dates). */
async function companyHolidays(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(and(eq(holidays.companyId, companyId), gte(holidays.date, sql`(current_date - 2)`)))
    .orderBy(asc(holidays.date));
  return rows.map((row) => row.date);
}
