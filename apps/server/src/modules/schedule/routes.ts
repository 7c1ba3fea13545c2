import {
  holidayListQuerySchema,
  holidayListSchema,
  holidayRequestSchema,
  holidaySchema,
  idSchema,
  idsRequestSchema,
  ResultCode,
  Role,
  SCHEDULE_SUBMITTED_MESSAGE_KEY,
  scheduleAuditListSchema,
  scheduleConfigSchema,
  scheduleDetailSchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  schedulePendingCountSchema,
  scheduleRejectRequestSchema,
  scheduleRequestSchema,
  translate,
} from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { forbidden } from '../../platform/errors';
import { SCHEDULE_CONFIRM_KEY, writeSetting } from '../setting';
import { createHoliday, deleteHoliday, holidayList, updateHoliday } from './holidays';
import {
  approveSchedule,
  type Caller,
  createSchedule,
  deleteSchedules,
  mayApprove,
  pendingCount,
  rejectSchedule,
  type Saved,
  scheduleAuditList,
  scheduleDetail,
  scheduleList,
  submitSchedule,
  updateSchedule,
  withdrawSchedule,
} from './schedules';

// Schedules under /backend/manager/schedule (spec 000 §2 routes /schedule/live, /add, /spot,
// /edit/{id}, /audits/{id}, /view/{id}): the list and the dot need schedule:list, making, editing,
// deleting, submitting and withdrawing schedule:add, the detail schedule:info (or schedule:audit,
// for the approval page and the preview), approving, rejecting and the history schedule:audit.
// Holidays under /backend/manager/holiday: setting:holiday:list (/setting/exclude-data).

const params = z.object({ id: idSchema });

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
  app.get(
    '/schedule',
    {
      config: { access: 'schedule:list' },
      schema: { querystring: scheduleListQuerySchema, response: responses(scheduleListSchema) },
    },
    async (request) => ok(await scheduleList(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/schedule',
    {
      config: { access: 'schedule:add' },
      schema: { body: scheduleRequestSchema, response: responses(scheduleDetailSchema) },
    },
    async (request) =>
      saved(request, await createSchedule(app, callerOf(request), request.body), request.body.submit),
  );

  app.delete(
    '/schedule',
    {
      config: { access: 'schedule:add' },
      schema: { body: idsRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await deleteSchedules(app, callerOf(request), request.body.ids)),
  );

  app.get(
    '/schedule/pending-count',
    {
      config: { access: 'schedule:list' },
      schema: { response: responses(schedulePendingCountSchema) },
    },
    async (request) => ok(await pendingCount(app.db, callerOf(request))),
  );

  // The approval switch of /schedule/audit: the company's owner or a user admin holding schedule:audit.
  app.post(
    '/schedule/config',
    {
      config: { access: 'schedule:audit' },
      schema: { body: scheduleConfigSchema, response: responses(scheduleConfigSchema) },
    },
    async (request) => {
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
    },
  );

  app.get(
    '/schedule/:id',
    {
      config: { access: ['schedule:info', 'schedule:audit'] },
      schema: { params, response: responses(scheduleDetailSchema) },
    },
    async (request) => ok(await scheduleDetail(app.db, callerOf(request), request.params.id)),
  );

  app.put(
    '/schedule/:id',
    {
      config: { access: 'schedule:add' },
      schema: { params, body: scheduleRequestSchema, response: responses(scheduleDetailSchema) },
    },
    async (request) => {
      const result = await updateSchedule(app, callerOf(request), request.params.id, request.body);
      return saved(
        request,
        result,
        request.body.submit || result.state === 'pending' || result.state === 'approved',
      );
    },
  );

  app.delete(
    '/schedule/:id',
    {
      config: { access: 'schedule:add' },
      schema: { params, response: responses(empty) },
    },
    async (request) => ok(await deleteSchedules(app, callerOf(request), [request.params.id])),
  );

  app.post(
    '/schedule/:id/submit',
    {
      config: { access: 'schedule:add' },
      schema: { params, response: responses(scheduleDetailSchema) },
    },
    async (request) => saved(request, await submitSchedule(app, callerOf(request), request.params.id), true),
  );

  app.post(
    '/schedule/:id/withdraw',
    {
      config: { access: 'schedule:add' },
      schema: { params, response: responses(scheduleDetailSchema) },
    },
    async (request) => ok(await withdrawSchedule(app, callerOf(request), request.params.id)),
  );

  app.post(
    '/schedule/:id/approve',
    {
      config: { access: 'schedule:audit' },
      schema: { params, response: responses(scheduleDetailSchema) },
    },
    async (request) => ok(await approveSchedule(app, callerOf(request), request.params.id)),
  );

  app.post(
    '/schedule/:id/reject',
    {
      config: { access: 'schedule:audit' },
      schema: { params, body: scheduleRejectRequestSchema, response: responses(scheduleDetailSchema) },
    },
    async (request) =>
      ok(await rejectSchedule(app, callerOf(request), request.params.id, request.body.reason)),
  );

  app.get(
    '/schedule/:id/audits',
    {
      config: { access: 'schedule:audit' },
      schema: { params, response: responses(scheduleAuditListSchema) },
    },
    async (request) => ok(await scheduleAuditList(app.db, callerOf(request), request.params.id)),
  );
};

export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'setting:holiday:list' as const };

  app.get(
    '/holiday',
    { config, schema: { querystring: holidayListQuerySchema, response: responses(holidayListSchema) } },
    async (request) => ok(await holidayList(app.db, request.scope, request.query)),
  );

  app.post(
    '/holiday',
    { config, schema: { body: holidayRequestSchema, response: responses(holidaySchema) } },
    async (request) => ok(await createHoliday(app, request.scope, request.body)),
  );

  app.put(
    '/holiday/:id',
    { config, schema: { params, body: holidayRequestSchema, response: responses(holidaySchema) } },
    async (request) => ok(await updateHoliday(app, request.scope, request.params.id, request.body)),
  );

  app.delete('/holiday/:id', { config, schema: { params, response: responses(empty) } }, async (request) =>
    ok(await deleteHoliday(app, request.scope, request.params.id)),
  );
};
