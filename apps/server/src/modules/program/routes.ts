import { programOperations as ops, type ProgramRef } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/operations';
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
// if it did not exist. Paths, schemas and access are the contract's operations.

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, storage: app.storage };

  /** A stored program in the caller's scope, with everything its company put in it. */
  const stored = async (scope: TenantScope, ref: ProgramRef) => {
    const owner = await programOwner(app.db, scope, ref);
    const program = owner && (await storedProgram(ctx, companyReach(owner.companyId), ref));
    if (!program) throw notFound();
    return ok(program);
  };

  route(app, ops.playlist, async (request) =>
    stored(request.scope, { kind: 'playlist', id: request.params.id }),
  );
  route(app, ops.playlistDraft, async (request) =>
    ok(await draftPlaylistProgram(ctx, scopeReach(request.scope), request.body)),
  );
  route(app, ops.composition, async (request) =>
    stored(request.scope, { kind: 'composition', id: request.params.id }),
  );
  route(app, ops.compositionDraft, async (request) =>
    ok(await compositionProgram(ctx, scopeReach(request.scope), draftComposition(request.body))),
  );

  // The schedule preview (/schedule/view/{id}): what the schedule plays, on a screen of this orientation.
  route(app, ops.schedule, async (request) => {
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
  });
};
