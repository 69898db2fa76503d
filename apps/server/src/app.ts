import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DbHandle } from './db/create-db.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { userDepartmentsRoutes } from './modules/auth/user-departments.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { efficiencyRoutes } from './modules/efficiency/efficiency.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { personalRoutes } from './modules/personal/personal.routes.ts';
import { guidesRoutes } from './modules/services/guides.routes.ts';
import { loginPageData } from './modules/identity/login-page-data.ts';
import { landingPageData } from './modules/services/landing-page-data.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { threeListsRoutes } from './modules/three-lists/three-lists.routes.ts';
import { transferRoutes } from './modules/transfer/transfer.routes.ts';
import { calendarSpecialsRoutes } from './modules/calendar-specials/calendar-specials.routes.ts';
import { cardsRoutes } from './modules/cards/cards.routes.ts';
import { newsRoutes } from './modules/cards/news.routes.ts';
import { todosRoutes } from './modules/cards/todos.routes.ts';
import { commonRoutes } from './modules/common/common.routes.ts';
import { configTransferRoutes } from './modules/config-transfer/config-transfer.routes.ts';
import { homeConfigRoutes } from './modules/home-config/home-config.routes.ts';
import { navigationRoutes } from './modules/navigation/navigation.routes.ts';
import { siteSettingsRoutes } from './modules/site-settings/site-settings.routes.ts';
import { registerAuth } from './platform/auth.ts';
import { tokenHasher } from './platform/crypto.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { createFileStore } from './platform/file-store.ts';
import { registerDrain } from './platform/drain.ts';
import { registerHealth } from './platform/health.ts';
import { registerInputGuard } from './platform/input.ts';
import { preparedAnswerSerializer, preparedZlib, registerPreparedAnswers } from './platform/prepared-answer.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { RequestLogController, registerRequestId, requestIdOf } from './platform/request-log.ts';
import { createMetrics, registerMetricsRoute } from './platform/metrics.ts';
import { requestLogSerializer } from './platform/log-redaction.ts';
import { registerRefreshCookie } from './platform/refresh-cookie.ts';
import { registerSecurityHeaders, trustProxyOption } from './platform/security-headers.ts';
import { registerTransport } from './platform/transport.ts';
import type { AppDeps } from './platform/http.ts';
import { registerWeb } from './platform/web.ts';

/** Every capability's routes, registered in this order. */
const modules = [
  authRoutes,
  passwordRoutes,
  identityRoutes,
  assistantRoutes,
  chatRoutes,
  messagesRoutes,
  threeListsRoutes,
  transferRoutes,
  servicesRoutes,
  guidesRoutes,
  // the home page and its configuration (issue 15: once one workbench module, ADR 0026)
  cardsRoutes,
  newsRoutes,
  todosRoutes,
  homeConfigRoutes,
  navigationRoutes,
  siteSettingsRoutes,
  calendarSpecialsRoutes,
  commonRoutes,
  // the workbench configuration as one file, across the modules above (issue 16, ADR 0031)
  configTransferRoutes,
  personalRoutes,
  efficiencyRoutes,
  // who changed which configuration, before and after, and its revert (issue 16, ADR 0030)
  auditRoutes,
  // users' departments set by hand, recorded in the audit log (issue 14, ADR 0035)
  userDepartmentsRoutes,
];

export type BuildOptions = {
  config: Config;
  db: DbHandle;
  logger?: boolean;
  serveWeb?: boolean;
  logStream?: { write: (line: string) => void };
};

/** Builds the Fastify instance: platform plugins first, then the capability modules. */
export async function buildApp({
  config,
  db,
  logger = true,
  serveWeb = true,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No token reaches a log line: headers are not logged, and secret query parameters are masked (log-redaction.ts).
    logger: logger
      ? {
          level: config.logLevel,
          redact: [
            'req.headers.authorization',
            'req.headers["blade-auth"]',
            'req.headers["access-token"]',
            'req.headers["refresh-token"]',
            'req.headers["sec-websocket-protocol"]',
          ],
          serializers: { req: requestLogSerializer },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    trustProxy: trustProxyOption(config),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // One log line per answer, successes at debug, with the request id (platform/request-log.ts, ADR 0018).
    logController: new RequestLogController(),
    genReqId: requestIdOf,
    // A node shutting down answers the calls that still reach it instead of 503 (platform/drain.ts, ADR 0064).
    return503OnClosing: false,
  });
  // Prometheus metrics, only when an operator set METRICS_TOKEN (platform/metrics.ts, ADR 0067).
  const metrics = config.metricsToken ? createMetrics(app, config, db) : undefined;
  const deps: AppDeps = {
    db: db.db,
    engine: db.engine,
    config,
    hashToken: tokenHasher(config.tokenSecret),
    files: createFileStore(config, db.db),
    ...(metrics ? { metrics } : {}),
    ...(db.listen ? { listen: db.listen } : {}),
  };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  // Prepared lists (ADR 0018) are serialized once per value, not per request (platform/prepared-answer.ts).
  app.setSerializerCompiler(preparedAnswerSerializer(serializerCompiler));
  registerErrorHandling(app);
  registerRequestId(app);
  const drain = registerDrain(app, config.shutdownDrainMs ?? 0);
  // Security headers on every answer, errors and files included (platform/security-headers.ts).
  registerSecurityHeaders(app, { frameAncestors: config.frameAncestors ?? [] });

  // Answers over 1 KB go out compressed (brotli at a quality cheap enough for every JSON answer, else gzip);
  // the web app's hashed files are compressed once at build time and served as they are (platform/web.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    // a prepared answer (ADR 0018) is compressed once per encoding, not per request (platform/prepared-answer.ts)
    zlib: preparedZlib,
  });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campus Service Portal API',
        version: '0.1.0',
        description: 'Every call answers { status, msg, msgDetail, result }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // @fastify/websocket hides its routes from the document; the chat socket is a registered route like any other.
    transform: (args) =>
      jsonSchemaTransform(args.route.websocket ? { ...args, schema: { ...args.schema, hide: false } } : args),
    // Schemas registered with an id (the recursive trees) go to components.schemas, where the routes' $refs point.
    transformObject: jsonSchemaTransformObject,
  });
  // 7.1 first: the input guard and the contract schemas see the opened body.
  registerTransport(app, config.transportSeal ?? 'optional');
  // after 7.1's onSend hook, which seals the text: a prepared answer goes out as bytes made once
  registerPreparedAnswers(app);
  registerInputGuard(app);
  registerAuth(app);
  registerRefreshCookie(app);
  // Limits on the write and expensive routes that declare one (config.rateLimit), none on the others (ADR 0068).
  await registerRateLimit(app, config);

  for (const register of modules) await app.register(async (scope) => register(scope));

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { tags: ['platform'], summary: 'This OpenAPI document' } },
    async () => app.swagger(),
  );
  registerHealth(app, config, db, drain);
  if (metrics && config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken);

  // `/` and `/login` carry their first screen's data (ADR 0053, 0061), and the server paints that screen (ADR 0061);
  // every page names the tenant an address without one is for (DEFAULT_TENANT).
  if (serveWeb)
    await registerWeb(app, config.webDist, {
      pageData: { '/': landingPageData(app), '/login': loginPageData(app) },
      defaultTenant: config.defaultTenant,
    });
  // Its preClose hook after every other one: the wait for the proxy to close its connections (platform/drain.ts).
  await drain.waitLast();
  return app;
}
