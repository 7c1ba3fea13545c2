import fs from 'node:fs';
import path from 'node:path';
import {
  type ExportFilters,
  type ExportFormat,
  type ExportRow,
  type ExportState,
  type exportListQuerySchema,
  type exportRequestSchema,
  type Language,
  type ListResult,
  PLAYBACK_COLUMNS,
  type PlaybackColumn,
  ResultCode,
  translate,
} from '@vitrine/contract';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  contents,
  devices,
  playbacks,
  type StatisticsExportRow,
  schedules,
  statisticsExports,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { pageOf } from '../../platform/lists';
import type { TenantScope } from '../../platform/tenancy';
import {
  deviceName,
  type FrozenScope,
  freezeScope,
  type LogRow,
  type PlaybackFilter,
  playbackWhere,
  scopeOfFrozen,
  selectLog,
} from './playbacks';

// Exports of the playback log (/statistics/export): a row per request, a job that writes the file
// in batches (into a working file of its process, under DATA_DIR/exports), records its progress and
// stores the whole file through the storage layer (exports/<id>.<format>: under DATA_DIR or in the
// object store, so any process answers its download), and the download. An export is the
// requester's own: nobody else lists, downloads or deletes it, and its rows follow the scope the
// requester had when asking.

const JOB = 'statistics-export';
/** Rows read and written per step; progress is recorded after each. */
export const EXPORT_BATCH = 2000;

type Payload = { exportId: number };

declare module '../../platform/jobs' {
  interface JobPayloads {
    [JOB]: Payload;
  }
}

/** What an export keeps beside the filters: the scope it was asked in. */
type StoredFilters = ExportFilters & { scope: FrozenScope };

/** The folder of the job's working files; on the local driver, of the stored exports too. */
export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');
type Named = Pick<StatisticsExportRow, 'id' | 'format'>;
/** The stored object of an export's file. */
const exportKey = (row: Named) => `exports/${row.id}.${row.format}`;
/** The job's working file of an export, on the process that writes it. */
const workingPath = (dataDir: string, row: Named) =>
  path.join(exportsDir(dataDir), `${row.id}.${row.format}.part`);

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

const mine = (scope: TenantScope) => eq(statisticsExports.userId, scope.user.userId);

/** "playback-log-20261125-1830.csv" in the requester's language and timezone. */
function fileNameOf(language: Language, format: ExportFormat, tz: string, now = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${translate(language, 'statistics.file')}-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}.${format}`;
}

/** POST statistics/export: the export row and its job, in one transaction. */
export async function createExport(
  app: FastifyInstance,
  scope: TenantScope,
  language: Language,
  body: z.output<typeof exportRequestSchema>,
): Promise<ExportRow> {
  const { format, ...rest } = body;
  const filters: ExportFilters = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  ) as ExportFilters;
  await checkFilterIds(app.db, scope, filters);
  const frozen = await freezeScope(app.db, scope);
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(statisticsExports)
      .values({
        userId: scope.user.userId,
        companyId: scope.companyId,
        format,
        filters: { ...filters, scope: frozen } satisfies StoredFilters,
        language,
        fileName: fileNameOf(language, format, body.tz),
      })
      .returning({ id: statisticsExports.id });
    // A second try only for a worker that died on it (runExport records every failure itself and
    // starts a half-written export again).
    await app.jobs.enqueue(JOB, { exportId: row.id } satisfies Payload, { maxAttempts: 2 }, tx);
    return row.id;
  });
  await removeOldExports(app, scope.user.userId);
  return exportDetail(app.db, scope, id);
}

/** A user's exports are kept this long; asking for a new one removes older ones with their files. */
export const EXPORT_KEEP_DAYS = 30;

async function removeOldExports(app: FastifyInstance, userId: number) {
  const old = await app.db
    .delete(statisticsExports)
    .where(
      and(
        eq(statisticsExports.userId, userId),
        lt(statisticsExports.createdAt, sql`now() - (${EXPORT_KEEP_DAYS}::int * interval '1 day')`),
      ),
    )
    .returning({ id: statisticsExports.id, format: statisticsExports.format });
  for (const row of old) await app.storage.delete(exportKey(row));
}

type FilterKey = 'device_id' | 'content_id' | 'schedule_id';

/** The rows a filter id names, by name, as far as the caller may see them. */
function namesInScope(db: Db, scope: TenantScope, key: FilterKey, ids: number[]) {
  const table = { device_id: devices, content_id: contents, schedule_id: schedules }[key];
  const name = key === 'device_id' ? deviceName : key === 'content_id' ? contents.name : schedules.name;
  return db
    .select({ id: table.id, name })
    .from(table)
    .where(
      and(
        inArray(table.id, ids),
        scope.rowFilter({ companyId: table.companyId, workspaceId: table.workspaceId }),
      ),
    );
}

/** A filter naming a row outside the caller's scope is refused like any other foreign id. */
async function checkFilterIds(db: Db, scope: TenantScope, filters: ExportFilters) {
  for (const key of ['device_id', 'content_id', 'schedule_id'] as const) {
    const id = filters[key];
    if (id === undefined) continue;
    const found = await namesInScope(db, scope, key, [id]);
    if (found.length === 0) throw notFound();
  }
}

async function presentExports(
  db: Db,
  scope: TenantScope,
  rows: readonly StatisticsExportRow[],
): Promise<ExportRow[]> {
  const filtersOf = (row: StatisticsExportRow) => row.filters as StoredFilters;
  // Names through the caller's scope: an export kept from before its filters were checked
  // must not name another tenant's rows.
  const namesOf = (key: FilterKey) => {
    const ids = [
      ...new Set(rows.map((row) => filtersOf(row)[key]).filter((id): id is number => typeof id === 'number')),
    ];
    return ids.length === 0 ? [] : namesInScope(db, scope, key, ids);
  };
  const [deviceRows, contentRows, scheduleRows] = await Promise.all([
    namesOf('device_id'),
    namesOf('content_id'),
    namesOf('schedule_id'),
  ]);
  const names = (found: { id: number; name: string }[]) => new Map(found.map((row) => [row.id, row.name]));
  const [deviceNames, contentNames, scheduleNames] = [
    names(deviceRows),
    names(contentRows),
    names(scheduleRows),
  ];
  return rows.map((row) => {
    const { scope: _scope, ...filters } = filtersOf(row);
    return {
      id: row.id,
      format: row.format as ExportFormat,
      state: row.state as ExportState,
      progress: row.progress,
      row_count: row.rowCount,
      file_name: row.fileName,
      size: row.size,
      filters,
      filter_names: {
        device: filters.device_id === undefined ? null : (deviceNames.get(filters.device_id) ?? null),
        content: filters.content_id === undefined ? null : (contentNames.get(filters.content_id) ?? null),
        schedule: filters.schedule_id === undefined ? null : (scheduleNames.get(filters.schedule_id) ?? null),
      },
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  });
}

async function ownExport(db: Db, scope: TenantScope, id: number) {
  const [row] = await db
    .select()
    .from(statisticsExports)
    .where(and(eq(statisticsExports.id, id), mine(scope)));
  if (!row) throw notFound();
  return row;
}

export async function exportDetail(db: Db, scope: TenantScope, id: number): Promise<ExportRow> {
  const [row] = await presentExports(db, scope, [await ownExport(db, scope, id)]);
  return row;
}

/** GET statistics/export: the caller's exports, newest first. */
export async function exportList(
  db: Db,
  scope: TenantScope,
  query: z.output<typeof exportListQuerySchema>,
): Promise<ListResult<ExportRow>> {
  const { limit, offset } = pageOf(query);
  const by = query.sort === 'created_at,asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(statisticsExports)
      .where(mine(scope))
      .orderBy(by(statisticsExports.createdAt), by(statisticsExports.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(statisticsExports)
      .where(mine(scope)),
  ]);
  return { list: await presentExports(db, scope, rows), total };
}

/**
 * DELETE statistics/export/:id: the row and its file; a running job notices and stops (and removes
 * its working file, on whichever process it runs).
 */
export async function deleteExport(app: FastifyInstance, scope: TenantScope, id: number) {
  const row = await ownExport(app.db, scope, id);
  await app.db.delete(statisticsExports).where(eq(statisticsExports.id, row.id));
  await app.storage.delete(exportKey(row));
}

/** The finished file of the caller's export, for the download: its bytes and size, its name. */
export async function exportFile(app: FastifyInstance, scope: TenantScope, id: number) {
  const row = await ownExport(app.db, scope, id);
  if (row.state !== 'done') throw new AppError(ResultCode.stateConflict, 'statistics.notReady');
  const body = await app.storage.get(exportKey(row));
  if (!body) throw notFound();
  return { body, fileName: row.fileName, format: row.format as ExportFormat };
}

// ── The job ──────────────────────────────────────────────────────────────────────────────────

class ExportGone extends Error {
  override name = 'ExportGone';
}

/** Records state and progress; throws ExportGone when the export was deleted meanwhile. */
async function mark(db: Db, id: number, values: Partial<typeof statisticsExports.$inferInsert>) {
  const updated = await db
    .update(statisticsExports)
    .set(values)
    .where(eq(statisticsExports.id, id))
    .returning({ id: statisticsExports.id });
  if (updated.length === 0) throw new ExportGone();
}

/** "2026-11-25 18:30:05" in the timezone. */
function timeFormatter(tz: string) {
  const format = new Intl.DateTimeFormat('en', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date: Date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}

type Cells = Record<PlaybackColumn, string | number>;

function cellsOf(language: Language, formatTime: (date: Date) => string) {
  return (row: LogRow): Cells => ({
    started_at: formatTime(row.startedAt),
    device_name: row.deviceName,
    content_name:
      row.contentName ?? (row.contentId === null ? translate(language, 'statistics.builtIn') : ''),
    content_type: row.contentType === null ? '' : translate(language, `statistics.type.${row.contentType}`),
    schedule_name:
      row.scheduleName ?? (row.scheduleId === null ? translate(language, 'statistics.defaultContent') : ''),
    duration: Math.round(row.durationMs) / 1000,
  });
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused. */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Writer = { row(cells: (string | number)[]): Promise<void>; close(): Promise<void> };

async function csvWriter(file: string): Promise<Writer> {
  const out = fs.createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(text)) resolve();
      else {
        out.once('drain', resolve);
        out.once('error', reject);
      }
    });
  // The byte order mark makes Excel read the file as UTF-8.
  await write('\uFEFF');
  return {
    row: (cells) => write(`${cells.map(csvField).join(',')}\r\n`),
    close: () =>
      new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      }),
  };
}

async function xlsxWriter(file: string, sheetName: string): Promise<Writer> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PLAYBACK_COLUMNS.map((column) => ({
    key: column,
    width: column === 'started_at' ? 20 : column === 'duration' ? 14 : 28,
  }));
  let first = true;
  return {
    row: async (cells) => {
      const added = sheet.addRow(cells);
      if (first) added.font = { bold: true };
      first = false;
      added.commit();
    },
    close: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** Writes one export: counts, then reads the log in pages by (started_at, uuid), recording progress. */
export async function runExport(app: FastifyInstance, exportId: number) {
  const { db } = app;
  const [row] = await db.select().from(statisticsExports).where(eq(statisticsExports.id, exportId));
  if (!row || row.state === 'done') return;
  const stored = row.filters as StoredFilters;
  const language = row.language as Language;
  const tz = stored.tz ?? 'UTC';
  const filter: PlaybackFilter = {
    device_id: stored.device_id,
    content_id: stored.content_id,
    schedule_id: stored.schedule_id,
    days: stored.days,
    from: stored.from,
    to: stored.to,
  };
  const where = playbackWhere(scopeOfFrozen(stored.scope), filter);
  const part = workingPath(app.config.dataDir, row);
  await fs.promises.mkdir(exportsDir(app.config.dataDir), { recursive: true });
  try {
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(playbacks)
      .where(where);
    await mark(db, row.id, { state: 'running', progress: 0, rowCount: null, error: null });
    const header = PLAYBACK_COLUMNS.map((column) => translate(language, `statistics.column.${column}`));
    const writer =
      row.format === 'xlsx'
        ? await xlsxWriter(part, translate(language, 'statistics.file'))
        : await csvWriter(part);
    const cells = cellsOf(language, timeFormatter(tz));
    await writer.row(header);
    let written = 0;
    let after: { startedAt: Date; uuid: string } | null = null;
    let progress = 0;
    // Rows that arrive while the export runs (inside a recent-days period) may add a little.
    for (;;) {
      const page: LogRow[] = await selectLog(db)
        .where(
          and(
            where,
            after === null
              ? undefined
              : or(
                  gt(playbacks.startedAt, after.startedAt),
                  and(eq(playbacks.startedAt, after.startedAt), gt(playbacks.uuid, after.uuid)),
                ),
          ),
        )
        .orderBy(asc(playbacks.startedAt), asc(playbacks.uuid))
        .limit(EXPORT_BATCH);
      for (const logRow of page) {
        const values = cells(logRow);
        await writer.row(PLAYBACK_COLUMNS.map((column) => values[column]));
      }
      written += page.length;
      if (page.length < EXPORT_BATCH) break;
      const last = page[page.length - 1];
      after = { startedAt: last.startedAt, uuid: last.uuid };
      const now = Math.min(99, Math.floor((written / Math.max(total, 1)) * 100));
      if (now !== progress) {
        progress = now;
        await mark(db, row.id, { progress });
      }
    }
    await writer.close();
    const { size } = await fs.promises.stat(part);
    await app.storage.putFile(exportKey(row), part);
    await mark(db, row.id, { state: 'done', progress: 100, rowCount: written, size, finishedAt: new Date() });
  } catch (error) {
    await fs.promises.rm(part, { force: true });
    if (error instanceof ExportGone) {
      await app.storage.delete(exportKey(row));
      return;
    }
    app.log.error({ err: error, exportId }, 'statistics export failed');
    await mark(db, row.id, {
      state: 'failed',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
      finishedAt: new Date(),
    }).catch(() => undefined);
  }
}

/** Registers the job (a long one: a big export must not hold the mail queue back). */
export function registerExports(app: FastifyInstance) {
  app.jobs.register(JOB, (payload) => runExport(app, payload.exportId), { long: true });
}
