import { settingOperations as ops, preferenceOperations as own } from '@vitrine/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { presentFrequencies } from './presenter';
import { remoteConfigFor } from './remote-config';
import {
  brandImages,
  brandTheme,
  guide,
  markFeatureSeen,
  preference,
  saveBrandTheme,
  saveErrorReports,
  saveGuide,
  savePreference,
  seenFeatures,
  setLanguage,
  setOffSiteLoginAlarm,
  setPowerMail,
  week,
} from './service';

// Settings and configuration calls (spec 000 §7), under /backend/manager/sys; paths, schemas and
// access are the contract's.

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.configMine, async (request) => ok(await remoteConfigFor(app.db, request.user)));

  route(app, ops.logo, async (request) => ok(await brandImages(app.db, request.user)));

  route(app, ops.theme, async (request) => ok(await brandTheme(app.db, request.user)));

  // The bus tells every instance after the commit; this one forgets at once, so its next page is current.
  route(app, ops.saveTheme, async (request) => {
    const saved = await saveBrandTheme(app.db, request.user, request.body);
    app.hostBrands.clear();
    return ok(saved);
  });

  route(app, own.guide, async (request) => ok(await guide(app.db, request.user.userId)));

  route(app, own.saveGuide, async (request) =>
    ok(await saveGuide(app.db, request.user.userId, request.body.user_guide)),
  );

  route(app, own.language, async (request) => {
    const saved = await setLanguage(app.db, request.user.userId, request.body.language);
    // The cached session carries the language (mails use it): read it afresh on the next call.
    await app.sessions.forgetUser(request.user.userId);
    return ok(saved);
  });

  route(app, ops.timezone, async (request) => ok(await preference(app.db, request.user.userId, 'timezone')));

  route(app, own.timezone, async (request) =>
    ok(await savePreference(app.db, request.user.userId, 'timezone', request.body.timezone)),
  );

  route(app, ops.timeFormat, async (request) =>
    ok(await preference(app.db, request.user.userId, 'time_format')),
  );

  route(app, own.timeFormat, async (request) =>
    ok(await savePreference(app.db, request.user.userId, 'time_format', request.body.time_format)),
  );

  route(app, ops.dateFormat, async (request) =>
    ok(await preference(app.db, request.user.userId, 'date_format')),
  );

  route(app, own.dateFormat, async (request) =>
    ok(await savePreference(app.db, request.user.userId, 'date_format', request.body.date_format)),
  );

  route(app, ops.week, async (request) => ok(await week(app.db, request.user.userId, request.lang)));

  route(app, ops.timeFrequency, async (request) => ok(presentFrequencies(request.lang)));

  route(app, ops.featureHighlight, async (request) => ok(await seenFeatures(app.db, request.user.userId)));

  route(app, ops.markFeatureSeen, async (request) =>
    ok(await markFeatureSeen(app.db, request.user.userId, request.body.feature_name)),
  );

  route(app, own.offSiteLoginAlarm, async (request) =>
    ok(await setOffSiteLoginAlarm(app.db, request.user.userId, request.body.user_off_site_login_alarm)),
  );

  route(app, own.powerMail, async (request) =>
    ok(await setPowerMail(app.db, request.user.userId, request.body.user_power_mail)),
  );

  // Public: the console also reports failures that happen before login.
  route(
    app,
    ops.errorReport,
    async (request, reply) =>
      ok(await saveErrorReports(app.db, request.body, await reporter(request, reply))),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  /** The user behind the report's token, when it carries a valid one. */
  async function reporter(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { user, renewedToken } = await app.sessions.resolve(token, { ip: request.ip });
      // A renewal replaces the old token: hand it over, or the console would lose its session.
      if (renewedToken) {
        reply.header('Authorization', `Bearer ${renewedToken}`);
        reply.header('Access-Control-Expose-Headers', 'Authorization');
      }
      return user.userId;
    } catch {
      return null;
    }
  }
};
