import { withoutNul } from '@vitrine/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Checks every route's input against its schema, after refusing U+0000 anywhere in it (a text
 * PostgreSQL would refuse with a 500): one place, so that no route and no field can forget.
 */
export const inputValidator: FastifySchemaCompiler<z.ZodType> = ({ schema, ...rest }) =>
  validatorCompiler({ ...rest, schema: withoutNul(schema) });
