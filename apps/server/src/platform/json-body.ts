import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies read by Fastify's own parser (prototype and constructor poisoning refused), except
 * that an empty or blank body is no body: clients send `Content-Type: application/json` on calls
 * that take none (logout, submit, delete), which Fastify's parser refuses outright. A route whose
 * schema needs a body still refuses the missing one through its validation, with the usual 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // read as a string, as asked
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
