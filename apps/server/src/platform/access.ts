import {
  hasAny,
  isPermission,
  type Language,
  type Permission,
  pickLanguage,
  ResultCode,
} from '@vitrine/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';
import type { PermissionMatrix } from './permissions';
import type { ResolvedSession, SessionStore, SessionUser } from './session';

/** What a route declares: open to anyone, to any logged-in user, or to holders of a permission. */
export type Access = 'public' | 'authenticated' | Permission | readonly Permission[];

export type RouteAccess = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller's language, from Accept-Language. */
    readonly lang: Language;
    /** The caller's time zone (timeZone header, IANA name) and UTC offset (TimeZone-Gmt). */
    readonly clientTimezone: string | null;
    readonly clientGmtOffset: string | null;
    /** The console's build version (Version header). */
    readonly clientVersion: string | null;
    /** The workspace chosen in the top bar (Workspace-Id header). */
    readonly workspaceId: number | null;
    /** The logged-in user; set on every route that is not public. */
    user: SessionUser;
    /** The permissions the user's role holds now. */
    permissions: readonly Permission[];
  }
  interface FastifyInstance {
    /** Every /backend route with its declared access, for review and the snapshot test. */
    routeAccess: RouteAccess[];
  }
}

/** Browsers send few distinct Accept-Language values: each is parsed once (the map is bounded). */
const languages = new Map<string, Language>();
function languageOf(value: string | null): Language {
  if (value === null) return pickLanguage(null);
  let lang = languages.get(value);
  if (lang === undefined) {
    if (languages.size >= 1_000) languages.clear();
    lang = pickLanguage(value);
    languages.set(value, lang);
  }
  return lang;
}

/** A header as sent (at most 128 characters), or null when absent or empty. */
const text = (value: string | string[] | undefined) =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, 128) : null;

/**
 * Read only when the token is renewed: request.ip costs a system call. A class, not an object
 * literal with getters: V8 builds those slowly, in dictionary mode, and the garbage they leave
 * cost an authenticated call a fifth of its time.
 */
class RequestMeta {
  constructor(private readonly request: FastifyRequest) {}

  get ip() {
    return this.request.ip;
  }

  get userAgent() {
    return text(this.request.headers['user-agent']) ?? undefined;
  }
}

function grant(
  request: FastifyRequest,
  reply: FastifyReply,
  access: Access,
  { user, renewedToken }: ResolvedSession,
  permissions: readonly Permission[],
): AppError | undefined {
  request.user = user;
  request.permissions = permissions;
  if (renewedToken) {
    reply.header('Authorization', `Bearer ${renewedToken}`);
    reply.header('Access-Control-Expose-Headers', 'Authorization');
  }
  if (access !== 'authenticated' && !hasAny(permissions, access as Permission | readonly Permission[])) {
    return new AppError(ResultCode.permission);
  }
  return undefined;
}

function bearer(request: FastifyRequest): string | null {
  const value = request.headers.authorization;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  return match ? match[1] : null;
}

/** The server refuses to start with a /backend route that declares no access. */
export function checkDeclared(routes: { method: string; url: string; access?: Access }[]) {
  const missing = routes.filter((route) => route.access === undefined);
  if (missing.length > 0) {
    throw new Error(
      `Routes without a declared access (public, authenticated or a permission): ${missing
        .map((route) => `${route.method} ${route.url}`)
        .join(', ')}`,
    );
  }
  for (const route of routes) {
    const keys = typeof route.access === 'string' ? [route.access] : (route.access ?? []);
    for (const key of keys) {
      if (key !== 'public' && key !== 'authenticated' && !isPermission(key)) {
        throw new Error(`Route ${route.method} ${route.url} declares an unknown permission: ${key}`);
      }
    }
  }
}

/**
 * Adds an onRequest hook to one route, after the route's own. Per route rather than for the whole
 * server: a hook that knows its route reads the route's config without `request.routeOptions`,
 * which builds a new object on every read.
 */
export function addRouteOnRequest(route: RouteOptions, hook: onRequestHookHandler) {
  const own = route.onRequest;
  route.onRequest = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
}

export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionStore; matrix: PermissionMatrix }) => {
    const declared: { method: string; url: string; access?: Access }[] = [];
    app.decorate('routeAccess', [] as RouteAccess[]);
    // What the caller's headers say, read when a route asks.
    app.decorateRequest('lang', {
      getter(this: FastifyRequest) {
        return languageOf(text(this.headers['accept-language']));
      },
    });
    app.decorateRequest('clientTimezone', {
      getter(this: FastifyRequest) {
        return text(this.headers.timezone);
      },
    });
    app.decorateRequest('clientGmtOffset', {
      getter(this: FastifyRequest) {
        return text(this.headers['timezone-gmt']);
      },
    });
    app.decorateRequest('clientVersion', {
      getter(this: FastifyRequest) {
        return text(this.headers.version);
      },
    });
    app.decorateRequest('workspaceId', {
      getter(this: FastifyRequest) {
        const workspace = Number(text(this.headers['workspace-id']));
        return Number.isInteger(workspace) && workspace > 0 ? workspace : null;
      },
    });
    app.decorateRequest('user', null as unknown as SessionUser);
    app.decorateRequest('permissions', null as unknown as readonly Permission[]);

    app.addHook('onRoute', (route) => {
      // Read when called: a plugin's own onRoute hook may still set config.access (the API docs).
      addRouteOnRequest(route, (request, reply, done) => check(route.config?.access, request, reply, done));
      if (!route.url.startsWith('/backend')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        declared.push({
          method,
          url: route.url,
          get access() {
            return route.config?.access;
          },
        });
      }
    });

    app.addHook('onReady', async () => {
      checkDeclared(declared);
      app.routeAccess.push(
        ...declared.map(({ method, url, access }) => ({ method, url, access: access as Access })),
      );
    });

    // Callback style: a cached session and a loaded matrix, the usual case, cost no promise.
    function check(
      access: Access | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) {
      if (access === undefined || access === 'public') return done();

      const token = bearer(request);
      if (!token) return done(new AppError(ResultCode.sessionExpired));
      let resolved: ResolvedSession | Promise<ResolvedSession>;
      try {
        resolved = opts.sessions.resolve(token, new RequestMeta(request));
      } catch (error) {
        return done(error as Error);
      }
      if (resolved instanceof Promise) {
        resolved.then((session) => admit(request, reply, access, session)).then(() => done(), done);
        return;
      }
      const permissions = opts.matrix.cached(resolved.user.roleId);
      if (permissions === undefined) {
        admit(request, reply, access, resolved).then(() => done(), done);
        return;
      }
      done(grant(request, reply, access, resolved, permissions));
    }

    /** The user, their permissions, a renewed token if any; 403001 without the route's permission. */
    async function admit(
      request: FastifyRequest,
      reply: FastifyReply,
      access: Access,
      session: ResolvedSession,
    ) {
      const failure = grant(request, reply, access, session, await opts.matrix.of(session.user.roleId));
      if (failure) throw failure;
    }
  },
  { name: 'access' },
);
