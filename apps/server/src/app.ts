import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, pickLanguage, ResultCode, translate } from '@vitrine/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountModule } from './modules/account';
import { compositionModule } from './modules/composition';
import { contentModule } from './modules/content';
import { dashboardModule } from './modules/dashboard';
import { deviceModule } from './modules/device';
import { deviceModelModule } from './modules/device-model';
import { fontModule } from './modules/font';
import { licenseModule } from './modules/license';
import { mailModule } from './modules/mail';
import { mediaModule } from './modules/media';
import { noticeModule } from './modules/notice';
import { objectModule } from './modules/object';
import { otaModule } from './modules/ota';
import { playerModule } from './modules/player';
import { playlistModule } from './modules/playlist';
import { presetModule } from './modules/preset';
import { programModule } from './modules/program';
import { ruleModule } from './modules/rule';
import { scheduleModule } from './modules/schedule';
import { sensorModule } from './modules/sensor';
import { settingModule } from './modules/setting';
import { startupModule } from './modules/startup';
import { statisticsModule } from './modules/statistics';
import { stickerModule } from './modules/sticker';
import { systemModule } from './modules/system';
import { teamModule } from './modules/team';
import { templateModule } from './modules/template';
import { textModule } from './modules/text';
import { uploadModule } from './modules/upload';
import { videoWallModule } from './modules/video-wall';
import { testClockRoutes } from './platform/clock';
import { ok, responses } from './platform/envelope';
import { AppError } from './platform/errors';
import { acceptEmptyJsonBodies } from './platform/json-body';
import { platformPlugin } from './platform/plugin';
import { RequestLogController, requestLogger } from './platform/request-logger';
import { securityHeadersPlugin } from './platform/security-headers';
import { inputValidator } from './platform/validator';

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /**
   * Whether every answer is checked against its route's response schema before it leaves (the
   * default: tests and the fuzz suite prove each handler matches its schema). The production
   * server turns it off and sends the handlers' JSON as is: the check costs an API call a tenth
   * of its time and can only fail where the tests would have.
   */
  checkResponses?: boolean;
};

/** The whole server: platform plugins first, then every module, in this order (STYLE: fastify/demo). */
export async function buildApp({
  config,
  database,
  logger,
  checkResponses = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Only behind a reverse proxy may X-Forwarded-For name the client: else lockouts and rate
    // limits could be dodged with a forged header.
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    childLoggerFactory: requestLogger,
    // One info line per request: below that level it would cost every call a check and a timing
    // for lines never written.
    logController: new RequestLogController({
      disableRequestLogging: !['info', 'debug', 'trace'].includes(config.logLevel),
    }),
    // Router failures (a malformed URL, a path parameter over 100 characters) answer in the envelope too.
    frameworkErrors: (error, request, reply) => {
      const lang = pickLanguage(request.headers['accept-language']);
      const body = {
        code: ResultCode.validation,
        msg: translate(lang, 'code.400001', { detail: error.message }),
        data: null,
      };
      (reply as FastifyReply).status(400).send(body);
    },
    ...(config.tlsCert && config.tlsKey
      ? { https: { cert: fs.readFileSync(config.tlsCert), key: fs.readFileSync(config.tlsKey) } }
      : {}),
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(inputValidator);
  app.setSerializerCompiler(checkResponses ? serializerCompiler : () => (data) => JSON.stringify(data));

  // 1. External plugins: helmet's security headers (worked out once), rate limits, OpenAPI.
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Vitrine API', version: APP_VERSION } },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      return { ...out, schema: { ...out.schema, description: `access: ${JSON.stringify(access)}` } };
    },
  });

  // 2. The platform: its shared services, envelope and errors, who may call what, in which tenant.
  await app.register(platformPlugin, { config, database });

  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/backend/docs' });
  });

  app.get(
    '/backend/health',
    {
      config: { access: 'public' },
      schema: { response: responses(z.object({ status: z.literal('ok'), database: z.string() })) },
    },
    async () => {
      await database.db.execute('select 1');
      return ok({ status: 'ok' as const, database: database.kind });
    },
  );

  // 3. The modules, lowest first: each imports only those before it, and names them as dependencies.
  await app.register(mailModule);
  await app.register(settingModule);
  await app.register(accountModule);
  await app.register(teamModule);
  await app.register(mediaModule);
  await app.register(objectModule);
  await app.register(contentModule);
  await app.register(uploadModule);
  await app.register(fontModule);
  await app.register(textModule);
  await app.register(stickerModule);
  await app.register(templateModule);
  await app.register(playlistModule);
  await app.register(compositionModule);
  await app.register(deviceModelModule);
  await app.register(startupModule);
  await app.register(deviceModule);
  await app.register(sensorModule);
  await app.register(presetModule);
  await app.register(ruleModule);
  await app.register(videoWallModule);
  await app.register(otaModule);
  await app.register(licenseModule);
  await app.register(scheduleModule);
  await app.register(programModule);
  await app.register(statisticsModule);
  await app.register(noticeModule);
  await app.register(playerModule);
  await app.register(dashboardModule);
  const stamp = consoleStamp(config);
  await app.register(systemModule, { builtAt: stamp.builtAt });
  if (config.testClock) await app.register(testClockRoutes);
  // Jobs stop after the modules' own preClose hooks (the device hub's first), and before onClose
  // shuts what they use: their timers, and the runs in progress.
  app.addHook('preClose', () => app.jobs.stop());

  // 4. The player at /player, the console at /: built files, index.html for the paths they route.
  const player = await registerPlayer(app, config);
  await registerConsole(app, config, player, stamp);
  return app;
}

/** Cache headers of built files: hashed assets forever, everything else (index.html, sw.js) revalidated. */
const cacheHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
  res.setHeader(
    'Cache-Control',
    file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
};

/** Serves the built player under /player; answers its index.html, or undefined when not built. */
async function registerPlayer(app: FastifyInstance, config: Config): Promise<string | undefined> {
  const dir = config.playerDir;
  if (dir === undefined || !fs.existsSync(path.join(dir, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/player/',
    index: 'index.html',
    decorateReply: false,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
  return path.join(dir, 'index.html');
}

type ConsoleStamp = { built: boolean; builtAt: Date | null; time: number };

async function registerConsole(
  app: FastifyInstance,
  config: Config,
  playerIndex: string | undefined,
  { built, time }: ConsoleStamp,
) {
  const dir = config.consoleDir;

  app.get('/version.json', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { version: APP_VERSION, time };
  });

  // The console's page carries the brand of the host it is asked at (custom domains): rendered from
  // the built index.html, never served as the bare file.
  const template = built && dir ? await fs.promises.readFile(path.join(dir, 'index.html'), 'utf8') : '';
  const consolePage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return app.hostBrands.page(template, request.hostname);
  };
  if (built && dir) {
    app.get('/', { config: { access: 'public' } }, consolePage);
    app.get('/index.html', { config: { access: 'public' } }, consolePage);
    // One wildcard route: a missing file falls through to the not-found handler below.
    await app.register(fastifyStatic, { root: dir, index: false, setHeaders: cacheHeaders });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/backend') || request.method !== 'GET')
      throw new AppError(ResultCode.notFound);
    if (playerIndex && /^\/player(\/|\?|$)/.test(request.url)) {
      // The player routes its own paths: every /player/* path that is no file is its page.
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      return fs.promises.readFile(playerIndex);
    }
    if (!built) throw new AppError(ResultCode.notFound);
    return consolePage(request, reply);
  });
}

/** Whether a console is built, and its stamp (build time): /version.json and the servers page. */
function consoleStamp(config: Config): ConsoleStamp {
  const dir = config.consoleDir;
  if (dir === undefined || !fs.existsSync(path.join(dir, 'index.html')))
    return { built: false, builtAt: null, time: Date.now() };
  try {
    const { time } = JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8')) as { time: number };
    return { built: true, builtAt: new Date(time), time };
  } catch {
    return { built: true, builtAt: null, time: Date.now() };
  }
}
