import {
  holidayOperations,
  scheduleOperations as ops,
  ResultCode,
  Role,
  SCHEDULE_SUBMITTED_MESSAGE_KEY,
  translate,
} from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { forbidden } from '../../platform/errors';
import { route } from '../../platform/operations';
import type { Caller } from '../../platform/tenancy';
import { mayApprove } from '../content';
import { SCHEDULE_CONFIRM_KEY, writeSetting } from '../setting';
import { createHoliday, deleteHoliday, holidayList, updateHoliday } from './holidays';
import {
  approveSchedule,
  createSchedule,
  deleteSchedules,
  pendingCount,
  rejectSchedule,
  reviewSchedule,
  type Saved,
  scheduleAuditList,
  scheduleDetail,
  scheduleList,
  submitSchedule,
  updateSchedule,
  withdrawSchedule,
} from './schedules';

// Schedules under /backend/manager/schedule (spec 000 §2 routes /schedule/live, /add, /spot,
// /edit/{id}, /audits/{id}, /view/{id}) and holidays under /backend/manager/holiday
// (/setting/exclude-data); their paths, schemas and access are the contract's operations.

const callerOf = (request: FastifyRequest): Caller => ({
  scope: request.scope,
  permissions: request.permissions,
});

/** What a submit's answer says: live at once, or waiting for approval (the caller's own, if they may give it). */
function submittedKey(request: FastifyRequest, state: string) {
  if (state === 'approved') return 'schedule.published';
  return mayApprove(callerOf(request)) ? 'schedule.submittedApprover' : SCHEDULE_SUBMITTED_MESSAGE_KEY;
}

/** A save's answer: after a submit, what is true for the caller (spec 001 §4's message for the others). */
const saved = (request: FastifyRequest, { detail, state }: Saved, submitted: boolean) => ({
  code: ResultCode.success,
  msg: submitted ? translate(request.lang, submittedKey(request, state)) : '',
  data: detail,
});

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await scheduleList(app.db, callerOf(request), request.query)));

  route(app, ops.create, async (request) =>
    saved(request, await createSchedule(app, callerOf(request), request.body), request.body.submit),
  );

  route(app, ops.deleteMany, async (request) =>
    ok(await deleteSchedules(app, callerOf(request), request.body.ids)),
  );

  route(app, ops.pendingCount, async (request) =>
    ok(await pendingCount(app.db, callerOf(request), request.lang)),
  );

  // The company's owner or a user admin holding schedule:audit.
  route(app, ops.config, async (request) => {
    const { companyId } = request.scope;
    const role = request.user.roleId;
    if (companyId === null || (role !== Role.owner && role !== Role.userAdmin)) throw forbidden();
    await writeSetting(
      app.db,
      { scope: 'company', id: companyId },
      SCHEDULE_CONFIRM_KEY,
      request.body.need_confirm,
    );
    return ok({ need_confirm: request.body.need_confirm });
  });

  route(app, ops.detail, async (request) =>
    ok(await scheduleDetail(app.db, callerOf(request), request.params.id)),
  );

  route(app, ops.update, async (request) => {
    const result = await updateSchedule(app, callerOf(request), request.params.id, request.body);
    return saved(
      request,
      result,
      request.body.submit || result.state === 'pending' || result.state === 'approved',
    );
  });

  route(app, ops.delete, async (request) =>
    ok(await deleteSchedules(app, callerOf(request), [request.params.id])),
  );

  route(app, ops.submit, async (request) =>
    saved(request, await submitSchedule(app, callerOf(request), request.params.id), true),
  );

  route(app, ops.withdraw, async (request) =>
    ok(await withdrawSchedule(app, callerOf(request), request.params.id)),
  );

  route(app, ops.review, async (request) =>
    ok(await reviewSchedule(app, callerOf(request), request.params.id)),
  );

  route(app, ops.approve, async (request, reply) => {
    const { summary, publication } = await approveSchedule(app, callerOf(request), request.params.id);
    // The screens are told once the answer has gone out: the approver does not wait for a fleet.
    reply.raw.once('finish', () => void app.jobs.runEarly(publication));
    return ok(summary);
  });

  route(app, ops.reject, async (request) =>
    ok(await rejectSchedule(app, callerOf(request), request.params.id, request.body.reason)),
  );

  route(app, ops.audits, async (request) =>
    ok(await scheduleAuditList(app.db, callerOf(request), request.params.id)),
  );
};

export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, holidayOperations.list, async (request) =>
    ok(await holidayList(app.db, request.scope, request.query)),
  );

  route(app, holidayOperations.create, async (request) =>
    ok(await createHoliday(app, request.scope, request.body)),
  );

  route(app, holidayOperations.update, async (request) =>
    ok(await updateHoliday(app, request.scope, request.params.id, request.body)),
  );

  route(app, holidayOperations.delete, async (request) =>
    ok(await deleteHoliday(app, request.scope, request.params.id)),
  );
};
