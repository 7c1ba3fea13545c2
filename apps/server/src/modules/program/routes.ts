import {
  compositionRequestSchema,
  idSchema,
  type ProgramRef,
  playlistRequestSchema,
  programSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import type { TenantScope } from '../../platform/tenancy';
import { programOwner } from '../device';
import { scheduleOwner } from '../schedule';
import {
  compositionProgram,
  draftComposition,
  draftPlaylistProgram,
  scheduleProgram,
  storedProgram,
} from './builder';
import { companyReach, scopeReach } from './reach';

// What a playlist, composition or schedule plays, for the console's previews (under
// /backend/manager): a stored one (another tenant's id answers 404001), or the editor's unsaved
// draft. A draft is built from what its caller sees only: anything else it names is left out, as
// if it did not exist.

const params = z.object({ id: idSchema });
const programQuery = z.object({
  orientation: z.coerce
    .number()
    .refine((value) => [0, 90, 180, 270].includes(value), 'validation.invalid')
    .optional(),
});

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, dataDir: app.config.dataDir };

  /** A stored program in the caller's scope, with everything its company put in it. */
  const stored = async (scope: TenantScope, ref: ProgramRef) => {
    const owner = await programOwner(app.db, scope, ref);
    const program = owner && (await storedProgram(ctx, companyReach(owner.companyId), ref));
    if (!program) throw notFound();
    return ok(program);
  };

  app.get(
    '/playlist/:id/program',
    { config: { access: 'res:playlist:info' }, schema: { params, response: responses(programSchema) } },
    async (request) => stored(request.scope, { kind: 'playlist', id: request.params.id }),
  );

  app.post(
    '/playlist/program',
    {
      config: { access: ['res:playlist:add', 'res:playlist:info'] },
      schema: { body: playlistRequestSchema, response: responses(programSchema) },
    },
    async (request) => ok(await draftPlaylistProgram(ctx, scopeReach(request.scope), request.body)),
  );

  app.get(
    '/composition/:id/program',
    { config: { access: 'res:composition:list' }, schema: { params, response: responses(programSchema) } },
    async (request) => stored(request.scope, { kind: 'composition', id: request.params.id }),
  );

  app.post(
    '/composition/program',
    {
      config: { access: 'res:composition:list' },
      schema: { body: compositionRequestSchema, response: responses(programSchema) },
    },
    async (request) =>
      ok(await compositionProgram(ctx, scopeReach(request.scope), draftComposition(request.body))),
  );

  // The schedule preview (/schedule/view/{id}): what the schedule plays, on a screen of this orientation.
  app.get(
    '/schedule/:id/program',
    {
      config: { access: ['schedule:list', 'schedule:audit'] },
      schema: { params, querystring: programQuery, response: responses(programSchema) },
    },
    async (request) => {
      const caller = { scope: request.scope, permissions: request.permissions };
      const owner = await scheduleOwner(app.db, caller, request.params.id);
      const program = await scheduleProgram(
        ctx,
        companyReach(owner.companyId),
        request.params.id,
        request.query.orientation ?? 0,
      );
      if (!program) throw notFound();
      return ok(program);
    },
  );
};
