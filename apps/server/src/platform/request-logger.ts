import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * The logger of one request (request.log, reply.log), bound to its request id. Fastify's default
 * makes a pino child for every request, a tenth of an API call's time, though at the server's
 * usual levels (warn and above) almost no request writes a line: this one makes the child on the
 * first line written at an enabled level, and until then a call below the level costs a check.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child$().level = level;
  }

  fatal(...args: LogArguments) {
    this.write('fatal', args);
  }
  error(...args: LogArguments) {
    this.write('error', args);
  }
  warn(...args: LogArguments) {
    this.write('warn', args);
  }
  info(...args: LogArguments) {
    this.write('info', args);
  }
  debug(...args: LogArguments) {
    this.write('debug', args);
  }
  trace(...args: LogArguments) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child$().child(bindings, options);
  }

  private write(level: Level, args: LogArguments) {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.child$()[level] as (...args: LogArguments) => void)(...args);
  }

  private child$(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }
}

/**
 * Fastify's childLoggerFactory: the lazy request logger above, or pino's own child where a route
 * sets its own level or serializers.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const parent = logger as Partial<Parent>;
  if (options.level || options.serializers || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new RequestLogger(parent as Parent, bindings) as unknown as FastifyBaseLogger;
}

/** Player calls that went well: screens poll these all day, so they are not worth a line each. */
const isHealthyPlayerCall = (request: FastifyRequest, reply: FastifyReply) =>
  request.url.startsWith('/backend/player/') &&
  ((reply.statusCode >= 200 && reply.statusCode < 300) || reply.statusCode === 304);

/**
 * Fastify's request lines, one per request: the method, URL, status and time when it completes
 * (Fastify writes another when it arrives), none for healthy player calls. Errors are written as
 * Fastify writes them.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}
  override routeNotFound() {} // its 404 has its completion line

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else if (!isHealthyPlayerCall(request, reply)) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
