import { codeMessageKey, isMessageKey, pickLanguage, ResultCode, translate } from '@vitrine/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

type FieldError = { field: string; message: string };
type FieldIssue = FieldError & { key: string };

/**
 * Rules whose refusal has its own code (spec 001 §8): a request refused by them alone answers that
 * code; refused by others too, the general 400001 names every field.
 */
const RULE_CODES: Readonly<Record<string, ResultCode>> = {
  'validation.terms.required': ResultCode.termsNotAccepted,
};

function refusalCode(issues: readonly FieldIssue[]): ResultCode {
  const [first] = issues;
  const code = RULE_CODES[first.key];
  return code && issues.every((issue) => issue.key === first.key) ? code : ResultCode.validation;
}

function language(request: FastifyRequest) {
  return request.lang ?? pickLanguage(request.headers['accept-language'] as string | undefined);
}

/** Turns a request-validation failure into field errors, in the caller's language. */
function fieldErrors(request: FastifyRequest, error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || error.validationContext || 'body';
    // A rule's own message is a key of the locales (validation.*, or an area's like playlist.*);
    // zod's built-in English texts are not, and say only that the value is not valid.
    const key = issue.message && isMessageKey(issue.message) ? issue.message : 'validation.invalid';
    return { field, key, message: translate(language(request), key) };
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
      const issues = fieldErrors(request, error as FastifyError);
      if (issues.length > 0) {
        const errors: FieldError[] = issues.map(({ field, message }) => ({ field, message }));
        const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
        const code = refusalCode(issues);
        return reply.status(400).send({
          code,
          msg: translate(lang, codeMessageKey(code), { detail }),
          data: { errors },
        });
      }
      const code = codeOf(error as FastifyError);
      if (code === ResultCode.serverError) request.log.error({ err: error }, 'request failed');
      const detail = code === ResultCode.validation ? error.message : '';
      const body = { code, msg: translate(lang, codeMessageKey(code), { detail }), data: null };
      // A range past a file's end (the media and package senders): 416 with the file's size in
      // Content-Range, as HTTP has it, so a download that goes on knows it already holds the file.
      const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
      if ((error as FastifyError).statusCode === 416 && range) {
        return reply.status(416).header('Content-Range', range).send(body);
      }
      return reply.status(Math.floor(code / 1000)).send(body);
    });
  },
  { name: 'replies' },
);
