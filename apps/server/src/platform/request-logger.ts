import type { FastifyBaseLogger } from 'fastify';
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
