import { codeMessageKey, isMessageKey, pickLanguage, ResultCode, translate } from '@vitrine/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

type FieldError = { field: string; message: string };

function language(request: FastifyRequest) {
  return request.lang ?? pickLanguage(request.headers['accept-language'] as string | undefined);
}

/** Turns a request-validation failure into field errors, in the caller's language. */
function fieldErrors(request: FastifyRequest, error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || error.validationContext || 'body';
    // A rule's own message is a key of the locales (validation.*, or an area's like playlist.*);
    // zod's built-in English texts are not, and say only that the value is not valid.
    const key = issue.message && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
    return { field, message: translate(language(request), key) };
  });
}

/** Maps a framework error (bad JSON, too large, rate limited…) to a result code. */
function codeOf(error: FastifyError): ResultCode {
  const status = error.statusCode ?? 500;
  if (status === 429) return ResultCode.tooManyRequests;
  if (status === 413) return ResultCode.tooLarge;
  if (status === 404) return ResultCode.notFound;
  if (status === 403) return ResultCode.permission;
  if (status >= 400 && status < 500) return ResultCode.validation;
  return ResultCode.serverError;
}

/**
 * The envelope everywhere under /backend: ok() bodies get their message, AppErrors their code and
 * translated message, validation failures 400001 naming the field and rule, anything else 500001.
 */
export const repliesPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback style: on every answer, an async hook would cost a promise and a turn of the queue.
    app.addHook('preSerialization', (request, _reply, payload, done) => {
      const body = payload as { code?: number; msg?: string } | null;
      if (body && body.code === ResultCode.success && body.msg === '') {
        body.msg = translate(language(request), codeMessageKey(ResultCode.success));
      }
      done(null, payload);
    });

    app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
      const lang = language(request);
      if (error instanceof AppError) {
        return reply
          .status(error.status)
          .send({ code: error.code, msg: translate(lang, error.messageKey, error.params), data: error.data });
      }
      const errors = fieldErrors(request, error as FastifyError);
      if (errors.length > 0) {
        const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
        return reply.status(400).send({
          code: ResultCode.validation,
          msg: translate(lang, 'code.400001', { detail }),
          data: { errors },
        });
      }
      const code = codeOf(error as FastifyError);
      if (code === ResultCode.serverError) request.log.error({ err: error }, 'request failed');
      const detail = code === ResultCode.validation ? error.message : '';
      return reply
        .status(Math.floor(code / 1000))
        .send({ code, msg: translate(lang, codeMessageKey(code), { detail }), data: null });
    });
  },
  { name: 'replies' },
);
