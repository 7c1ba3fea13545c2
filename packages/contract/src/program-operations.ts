import { z } from 'zod';
import { compositionRequestSchema } from './composition';
import { idParamsSchema, operation } from './operation';
import { playlistRequestSchema } from './playlist';
import { programSchema } from './program-schemas';

// The console's previews: what a playlist, composition or schedule plays (a Program), stored or
// the editor's unsaved draft (/backend/manager/<area>/…/program).

const MANAGER = '/backend/manager';

/** The screen orientation a schedule is previewed on. */
const programQuerySchema = z.object({
  orientation: z.coerce
    .number()
    .refine((value) => [0, 90, 180, 270].includes(value), 'validation.invalid')
    .optional(),
});

export const programOperations = {
  playlist: operation({
    method: 'GET',
    path: `${MANAGER}/playlist/:id/program`,
    params: idParamsSchema,
    response: programSchema,
    access: 'res:playlist:info',
  }),
  playlistDraft: operation({
    method: 'POST',
    path: `${MANAGER}/playlist/program`,
    body: playlistRequestSchema,
    response: programSchema,
    access: ['res:playlist:add', 'res:playlist:info'],
  }),
  composition: operation({
    method: 'GET',
    path: `${MANAGER}/composition/:id/program`,
    params: idParamsSchema,
    response: programSchema,
    access: 'res:composition:list',
  }),
  compositionDraft: operation({
    method: 'POST',
    path: `${MANAGER}/composition/program`,
    body: compositionRequestSchema,
    response: programSchema,
    access: 'res:composition:list',
  }),
  /** The schedule preview (/schedule/view/{id}), on a screen of this orientation. */
  schedule: operation({
    method: 'GET',
    path: `${MANAGER}/schedule/:id/program`,
    params: idParamsSchema,
    query: programQuerySchema,
    response: programSchema,
    access: ['schedule:list', 'schedule:audit'],
  }),
};
