import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogController, requestLogger } from './request-logger';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { parent: pino({ level }, stream) as unknown as FastifyBaseLogger, lines };
}

describe('request logger', () => {
  it('writes enabled levels bound to the request id, and nothing below the level', () => {
    const { parent, lines } = logger('warn');
    const log = requestLogger(parent, { reqId: 'req-7' }, {});
    log.info('not written');
    log.debug({ detail: 1 }, 'not written either');
    expect(lines).toEqual([]);
    log.warn({ field: 'x' }, 'slow answer');
    log.error('failed');
    expect(lines.map(({ level, reqId, msg, field }) => ({ level, reqId, msg, field }))).toEqual([
      { level: 40, reqId: 'req-7', msg: 'slow answer', field: 'x' },
      { level: 50, reqId: 'req-7', msg: 'failed', field: undefined },
    ]);
  });

  it('follows the level: lowered on the request, its lines appear', () => {
    const { parent, lines } = logger('warn');
    const log = requestLogger(parent, { reqId: 'req-8' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    log.debug('now written');
    expect(lines).toMatchObject([{ level: 20, reqId: 'req-8', msg: 'now written' }]);
    log.child({ part: 3 }).info('from a child');
    expect(lines[1]).toMatchObject({ reqId: 'req-8', part: 3, msg: 'from a child' });
  });

  it('a route with its own level gets pino’s child at once', () => {
    const { parent, lines } = logger('warn');
    const log = requestLogger(parent, { reqId: 'req-9' }, { level: 'info' });
    log.info('written at the route’s level');
    expect(lines).toMatchObject([{ level: 30, reqId: 'req-9' }]);
  });
});

describe('request lines', () => {
  async function served(level: string) {
    const { parent, lines } = logger(level);
    const app = Fastify({
      loggerInstance: parent,
      childLoggerFactory: requestLogger,
      logController: new RequestLogController({ disableRequestLogging: level !== 'info' }),
    });
    app.get('/backend/manager/device', async () => ({ code: 220000 }));
    app.get('/backend/player/poll', async (request, reply) => {
      const { status } = request.query as { status?: string };
      if (status) reply.code(Number(status));
      return status === '304' ? '' : { code: 220000 };
    });
    await app.ready();
    return { app, lines };
  }

  it('writes one line per request, when it completes, with its method, URL, status and time', async () => {
    const { app, lines } = await served('info');
    await app.inject({ method: 'GET', url: '/backend/manager/device?page=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/backend/manager/device?page=1' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0].responseTime).toBe('number');
    await app.close();
  });

  it('writes nothing for healthy player polls, and a line when one fails', async () => {
    const { app, lines } = await served('info');
    await app.inject({ method: 'GET', url: '/backend/player/poll' });
    await app.inject({ method: 'GET', url: '/backend/player/poll?status=304' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/backend/player/poll?status=503' });
    await app.inject({ method: 'GET', url: '/backend/player/nothing-here' });
    expect(lines.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([503, 404]);
    await app.close();
  });

  it('writes no request lines above info', async () => {
    const { app, lines } = await served('warn');
    await app.inject({ method: 'GET', url: '/backend/manager/device' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
