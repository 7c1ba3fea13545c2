import { randomBytes } from 'node:crypto';
import { type LicenseBatchCreateRequest, ResultCode } from '@vitrine/contract';
import { expect } from 'vitest';

// What the licence tests (and the dashboard's licence figures) ask of the licence routes alike.

/** The envelope's data of a call that must succeed (the envelope in the failure message). */
export async function data(response: Promise<{ json: () => { code: number; data: unknown } }>) {
  const body = (await response).json();
  expect(body.code, JSON.stringify(body)).toBe(ResultCode.success);
  // biome-ignore lint/suspicious/noExplicitAny: test reads of the envelope's data
  return body.data as any;
}

/**
 * POST license/batch (for a system role's call): a commercial, permanent batch of 10 licences
 * with a batch number no other test uses, unless `body` says otherwise.
 */
export const batchRequest = (body: Partial<LicenseBatchCreateRequest> = {}) => ({
  method: 'POST' as const,
  url: '/backend/manager/license/batch',
  payload: {
    type: 'commercial',
    batch_no: `B-${randomBytes(4).toString('hex')}`,
    validity_type: 'permanent',
    quantity: 10,
    ...body,
  },
});

/**
 * POST schedule: a standard schedule of one image on these devices, every day 08:00–12:00 from
 * 2026 on (what the licence rules judge is the devices, not the schedule), unless `body` says otherwise.
 */
export const scheduleRequest = (deviceIds: number[], contentId: number, body: object = {}) => ({
  method: 'POST' as const,
  url: '/backend/manager/schedule',
  payload: {
    name: 'Morning',
    type: 'standard',
    device_ids: deviceIds,
    items: [{ content_id: contentId, duration: 5 }],
    start_date: '2026-01-01',
    end_date: '2099-12-31',
    frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
    ...body,
  },
});
