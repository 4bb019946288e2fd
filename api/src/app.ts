import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Services } from '@app/worker';
import { isSpaRoute } from '@app/domain/spa-routes';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorResponses } from '@app/domain';
import { z } from 'zod';
import { errorBody, HttpError } from './lib/http-errors.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { athleteRoutes } from './routes/athlete.ts';
import { coachRoutes } from './routes/coach.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { sessionRoutes } from './routes/session.ts';
import { authRoutes } from './routes/auth.ts';
import { agentRoutes } from './routes/agent.ts';
import { insightsRoutes } from './routes/insights.ts';
import { matchRoutes } from './routes/matches.ts';
import { matchToolsRoutes } from './routes/match-tools.ts';
import { noteRoutes } from './routes/notes.ts';
import { savedViewRoutes } from './routes/saved-views.ts';
import { matchesIndexRoutes } from './routes/matches-index.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { withLogRedaction } from './auth/redaction.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

function isSameOrigin(origin: string, host: string | undefined, publicOrigin: string | undefined): boolean {
  if (publicOrigin && origin === new URL(publicOrigin).origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The reference page's group of an API path: its area (`/api/coach/...` -> coach). */
function apiTag(url: string): string {
  const area = url.split('/')[2] ?? '';
  if (['validate-token', 'session', 'logout'].includes(area)) return 'session';
  if (['notifications', 'notification-settings', 'events'].includes(area)) return 'notifications';
  if (area === 'matches') return 'conversations';
  if (area === 'support-insights') return 'insights';
  if (area === 'health' || area === 'openapi.json') return 'service';
  return area;
}

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  services: Services;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA (default: when web/dist exists). */
  serveWeb?: boolean;
}

/** The whole HTTP application as a plugin-composed instance; `server.ts` only listens. */
export async function buildApp({ services, logger = false, serveWeb }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withLogRedaction(logger),
    bodyLimit: 8 * 1024 * 1024, // a 5 MB image, base64-encoded, plus the profile fields
    // Decision A7: X-Forwarded-For counts only from the proxies TRUST_PROXY names (default none).
    trustProxy: fastifyTrustProxy(services.config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);
  // Every API route, as declared (the authorization matrix test checks each has a row).
  const apiRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    // Routes hidden from the OpenAPI description (the reference page's files) are no API.
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });

  // Security headers (helmet), built once: @fastify/helmet built helmet's middleware again on every
  // request (its options parsed, each header's value formatted): 0.66 -> 0.57 ms of API CPU per top15 read.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The SPA's images are same-origin; this keeps embeds of third-party videos working.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  await app.register(cookie);
  // With Redis, every API process shares the same counters; if Redis is unreachable the limits
  // are skipped rather than failing sign-ins (skipOnError).
  const rateLimitRedis = services.config.REDIS_URL
    ? new Redis(services.config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 1000,
        keyPrefix: `${services.config.QUEUE_PREFIX}:rl:`,
      })
    : undefined;
  rateLimitRedis?.on('error', () => {});
  if (rateLimitRedis) {
    // Give the connection a moment so the first requests are counted; never block start longer.
    await new Promise<void>((resolve) => {
      rateLimitRedis.once('ready', () => resolve());
      setTimeout(resolve, 2000).unref();
    });
  }
  if (rateLimitRedis) app.addHook('onClose', async () => void rateLimitRedis.disconnect());
  await app.register(rateLimit, { global: false, redis: rateLimitRedis, skipOnError: true, nameSpace: 'rl-' });
  app.decorateRequest('user', null);

  // CSRF: besides SameSite=Lax cookies, a cross-origin write is refused outright.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && !isSameOrigin(origin, request.headers.host, services.config.PUBLIC_ORIGIN)) {
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each field's message with its code (issue 19), the first one as the answer's message.
      const issues = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), ...errorBody(v.message ?? 'Invalid value') }));
      return reply.code(400).send({ ...errorBody(issues[0]?.message ?? 'Invalid request'), errors: issues });
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send(errorBody(error.message));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send(errorBody('Too many attempts. Please wait a moment and try again.'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      const message = status === 413 ? 'The request is too large.' : status === 415 ? 'Unsupported content type.' : 'The request could not be read.';
      return reply.code(status).send(errorBody(message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('Something went wrong on our side. Please try again.'));
  });

  // The OpenAPI 3.1 description of every route, from the routes' zod schemas (issue 15). Registered
  // before the routes: it collects them as they are declared.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RecruitMatch API',
        version: '1.0.0',
        description:
          'The JSON API behind the RecruitMatch web app. Signed-in calls carry the session cookie (decision A1); writes from another origin are refused.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rp_session', description: '__Host-rp_session in production' } } },
    },
    // Operations grouped on the reference page by the area of their path.
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      return { schema: { ...schema, tags: schema.tags ?? [apiTag(url)] }, url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  // A page to read it: Swagger UI, its files served from the package (no CDN: it works offline).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to the public validator badge service, which connect-src 'self' would refuse anyway.
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  });

  await app.register(
    async (api) => {
      // The description itself.
      api.get(
        '/openapi.json',
        {
          schema: {
            summary: 'This OpenAPI 3.1 description',
            response: { 200: z.looseObject({ openapi: z.string() }).describe('An OpenAPI 3.1 document'), ...errorResponses },
          },
        },
        () => app.swagger(),
      );
      await api.register(healthRoutes);
      await api.register(contactRoutes);
      await api.register(sessionRoutes);
      await api.register(authRoutes);
      await api.register(athleteRoutes);
      await api.register(coachRoutes);
      await api.register(mediaRoutes);
      await api.register(matchRoutes);
      await api.register(matchesIndexRoutes);
      await api.register(matchToolsRoutes);
      await api.register(agentRoutes);
      await api.register(noteRoutes);
      await api.register(savedViewRoutes);
      await api.register(insightsRoutes);
      await api.register(notificationRoutes);
      await api.register(conversationRoutes);
      api.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('Not found')));
    },
    { prefix: '/api' },
  );

  const withWeb = serveWeb ?? existsSync(path.join(WEB_DIST, 'index.html'));
  if (withWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      // Files are looked up per request (not listed once at start), so a rebuild is served as is.
      wildcard: true,
      // The build writes a Brotli and a gzip copy of each text file (web/vite.config.ts): sent to
      // the browsers that accept them, with `Vary: Accept-Encoding`.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints assets: cache them for a year; index.html always revalidates.
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routes fall back to the SPA shell; API paths and missing files stay 404. A page
    // address no route of the web app knows (domain/src/spa-routes.ts) gets the shell with a 404
    // status, so the SPA shows its not-found page and crawlers and monitors see a real 404.
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0];
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
      if (!isPage) return reply.code(404).send(errorBody('Not found'));
      return reply
        .code(isSpaRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    });
  }
  return app;
}
