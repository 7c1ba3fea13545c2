import { ResultCode } from '@vitrine/contract';
import { isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { devices } from '../db/schema';
import { ok } from './envelope';
import { AppError } from './errors';
import { notifyLicenceChanged } from './screen-changes';

// The time licence rules read (expiry, trials, renewal reminders) and OTA plans are due by (a
// timed plan's local time). It is the real time plus an offset that only tests move: server tests
// call setClockOffset, the journeys' server (VITRINE_TEST_CLOCK=1) takes it from
// POST /backend/test/clock. Sessions, tokens, jobs and everything else keep the real time. The
// offset belongs to the process: each instance has its own.

let offsetMs = 0;

/** Now, as the licence rules and OTA plans see it. */
export const now = (): Date => new Date(Date.now() + offsetMs);

/** A licence time on the real clock (what a screen, which knows only the real time, waits for). */
export const toRealTime = (licenceTime: Date): Date => new Date(licenceTime.getTime() - offsetMs);

/** Moves licence time `ms` ahead of the real time (0: back to the real time). */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

/**
 * POST /backend/test/clock {offset_ms}: registered only when the configuration asks for it
 * (VITRINE_TEST_CLOCK=1), never in a production server; not part of the contract.
 */
export const testClockRoutes: FastifyPluginAsync = async (app) => {
  // Public: the journeys call it without a session; the server has it only when started for them.
  const config = { access: 'public' as const };
  app.post<{ Body: { offset_ms?: unknown } | null }>('/backend/test/clock', { config }, async (request) => {
    const ms = request.body?.offset_ms;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms)) throw new AppError(ResultCode.validation);
    setClockOffset(ms);
    // Screens wait for their licence's expiry on the real clock, and a timed upgrade may have come
    // due: each hears of the moved time (its state carries the offer now due).
    const paired = await app.db.select({ id: devices.id }).from(devices).where(isNotNull(devices.companyId));
    await notifyLicenceChanged(
      app.db,
      paired.map((row) => row.id),
    );
    return ok({ now: now().toISOString() });
  });
};
