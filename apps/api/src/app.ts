import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { API_BASE } from '@clearport/contract/paths';
import type { Config } from './config.ts';
import { inlineScriptSources } from './lib/inline-scripts.ts';
import {
  BAD_PATH_ESCAPE_MESSAGE,
  PATH_PART_TOO_LONG_MESSAGE,
  registerErrorHandler,
  UNAVAILABLE_MESSAGE,
  WEB_FILES_PREFIX,
} from './lib/errors.ts';
import { sendRefusal } from './lib/refusal.ts';
import { answerClientError } from './lib/client-errors.ts';
import { redactUrl } from './lib/redact-url.ts';
import { isApiPath } from './lib/request-path.ts';
import { trackAllowedMethods } from './lib/method-not-allowed.ts';
import { checkReadiness } from './lib/readiness.ts';
import { loadSecretKey } from './lib/secret-box.ts';
import { registerRequestGuards } from './lib/request-guards.ts';
import { readEmptyJsonBodyAsNone, readJsonBodiesAsUtf8 } from './lib/json-body.ts';
import dbPlugin from './plugins/db.ts';
import type { PGliteFs } from './db/connect.ts';
import storagePlugin from './plugins/storage.ts';
import mailPlugin from './plugins/mail.ts';
import authPlugin from './plugins/auth.ts';
import actionsPlugin from './plugins/actions.ts';
import demoDataPlugin from './plugins/demo-data.ts';
import { apiDocsGenerator, apiDocsRoutes } from './plugins/api-docs.ts';
import { recordAuthorizationRefusals } from './modules/access/security-events.ts';
import { authRoutes, publicAuthRoutes } from './modules/auth/auth.routes.ts';
import { loginTwoFactorRoutes, twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.ts';
import { shipmentDetailRoutes } from './modules/shipments/shipment-detail.routes.ts';
import { deliveryOrdersRoutes } from './modules/delivery-orders/delivery-orders.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { truckersRoutes } from './modules/settings/truckers.routes.ts';
import { subusersRoutes } from './modules/subusers/subusers.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { scheduleOrphanSweeps } from './modules/files/orphan-files.ts';
import { scheduleEventMail } from './modules/event-mail/event-mail.worker.ts';
import { scheduleDemurrageReminders } from './modules/containers/demurrage-reminders.worker.ts';
import { ingestionRoutes } from './modules/ingestion/ingestion.routes.ts';
import { brokerAdminRoutes } from './modules/broker-admin/broker-admin.routes.ts';
import { customsEntriesRoutes } from './modules/customs-entries/customs-entries.routes.ts';
import { containersRoutes } from './modules/containers/containers.routes.ts';
import { scheduleReportMail } from './modules/reports/report-mail.worker.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { securityEventsRoutes } from './modules/security-events/security-events.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { scheduleWebhooks } from './modules/webhooks/webhooks.worker.ts';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';

/** Smaller replies are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type AppOptions = Config & {
  /** An in-memory embedded database (tests); otherwise <dataDir>/db or databaseUrl. */
  inMemoryDatabase?: boolean;
  /** The in-memory database's file system, holding what it starts as (the tests' seeded template). */
  databaseFs?: PGliteFs;
  /** Where log lines go; standard output when absent. */
  logStream?: DestinationStream;
};

/**
 * Headers that only a page (a document) or a revalidation reads: helmet's document policies and
 * the validators. The hashed assets keep what a script, style or font needs: its type, length,
 * encoding, caching, `nosniff` and the resource policy.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'accept-ranges',
  'etag',
  'last-modified',
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel,
      stream: options.logStream,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: () => randomUUID(),
    // A client that stops sending (a stalled body, unfinished headers) or reading is dropped after
    // this long (not while its whole request waits for the answer: request-guards.ts), and one that
    // trickles after requestTimeout; Node checks both as often as the shorter limit (every 30 s at
    // most, its default).
    connectionTimeout: options.clientTimeoutMs,
    requestTimeout: options.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(30_000, options.clientTimeoutMs) },
    trustProxy: options.trustProxy,
    bodyLimit: 1024 * 1024,
    // Migrations and the first start's demo data run inside plugins: about 10 s alone, minutes on
    // a machine whose two cores other work keeps busy. The limit only stops a start that hangs.
    pluginTimeout: 900_000,
    clientErrorHandler: answerClientError,
    // What the router cannot read answers as every refusal does, { message }, not Fastify's own body,
    // with the headers of every reply, which no hook adds here (the router never found a route).
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => {});
      reply.header('cache-control', 'no-store');
      return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendRefusal(reply, { status: 414, message: PATH_PART_TOO_LONG_MESSAGE })
        : sendRefusal(reply, { status: 400, message: BAD_PATH_ESCAPE_MESSAGE });
    },
  });
  app.server.headersTimeout = options.clientTimeoutMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestGuards(app);
  readJsonBodiesAsUtf8(app);
  const allowedMethods = trackAllowedMethods(app, `${API_BASE}/`);

  const webDir = options.webDir;
  const indexHtml = webDir === undefined ? undefined : path.join(webDir, 'index.html');
  const hasWeb = indexHtml !== undefined && existsSync(indexHtml);

  // Security headers: helmet's middleware, built once (its Fastify plugin built it on every call).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The built page's own inline script (the route's preloads), by its hash.
        scriptSrc: ["'self'", ...(hasWeb ? inlineScriptSources(readFileSync(indexHtml, 'utf8')) : [])],
        // react-select and react-toastify insert <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The invoice page embeds its PDF from this origin.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // On by default when the portal is published over https (PUBLIC_URL); never on plain http.
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // helmet calls `done` with nothing, or throws.
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, done as (error?: unknown) => void),
  );

  // External plugins.
  // Replies above a kilobyte go out compressed when the client accepts it; the web client's
  // files were compressed when they were built (preCompressed below).
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });

  // Our plugins.
  await app.register(dbPlugin, {
    databaseUrl: options.databaseUrl,
    replicaUrl: options.databaseReplicaUrl,
    connectTimeoutMs: options.databaseConnectTimeoutMs,
    dataDir: options.inMemoryDatabase ? undefined : options.dataDir,
    pgliteFs: options.inMemoryDatabase ? options.databaseFs : undefined,
  });
  await app.register(storagePlugin, { dataDir: options.dataDir, storage: options.storage });
  await app.register(mailPlugin, {
    from: options.mailFrom,
    smtpUrl: options.smtpUrl,
    outboxDir: path.join(options.dataDir, 'outbox'),
    replyTo: options.brokerEmail,
  });
  await app.register(authPlugin, { publicUrl: options.publicUrl, idleMinutes: options.sessionIdleMinutes });
  await app.register(actionsPlugin, { publicUrl: options.publicUrl, brokerEmail: options.brokerEmail });
  if (options.seedDemo) await app.register(demoDataPlugin);
  scheduleOrphanSweeps(app);
  if (options.mailWorker) {
    scheduleEventMail(app, {
      publicUrl: options.publicUrl,
      brokerEmail: options.brokerEmail,
      gatherMs: options.mailGatherMs,
      retryForMs: options.mailRetryForMs,
      pollMs: options.mailPollMs,
    });
    scheduleReportMail(app, {
      publicUrl: options.publicUrl,
      brokerEmail: options.brokerEmail,
      retryForMs: options.mailRetryForMs,
      pollMs: options.mailPollMs,
    });
    scheduleDemurrageReminders(app, { pollMs: options.demurragePollMs });
  }
  if (options.webhookWorker) {
    scheduleWebhooks(app, {
      timeoutMs: options.webhookTimeoutMs,
      leaseMarginMs: options.webhookLeaseMarginMs,
      retryForMs: options.webhookRetryForMs,
      concurrency: options.webhookConcurrency,
      pollMs: options.webhookPollMs,
    });
  }

  // Routes, described as they are added.
  await app.register(apiDocsGenerator);
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: UNAVAILABLE_MESSAGE });
    }
  });
  // For a load balancer or orchestrator: send this process traffic only while what it serves from answers.
  app.get('/readyz', async (_request, reply) => {
    const { isReady, checks } = await checkReadiness(app);
    if (isReady) return { status: 'ready', checks };
    return reply.code(503).send({ status: 'unavailable', message: UNAVAILABLE_MESSAGE, checks });
  });
  const secretKey = await loadSecretKey(options.twoFactorKey, options.dataDir);
  await app.register(
    async (api) => {
      await api.register(publicAuthRoutes, { publicUrl: options.publicUrl });
      await api.register(loginTwoFactorRoutes, { secretKey });
      await api.register(async (user) => {
        user.addHook('onRequest', app.authenticate);
        user.addHook('onSend', app.settleSessionCheck);
        user.addHook(
          'onSend',
          recordAuthorizationRefusals(() => app.db),
        );
        user.addHook('onSend', app.noteSessionWrite);
        await user.register(authRoutes, { brokerEmail: options.brokerEmail });
        await user.register(twoFactorRoutes, { secretKey });
        await user.register(notificationsRoutes);
        await user.register(shipmentsRoutes);
        await user.register(shipmentDetailRoutes, {
          uploadQuotaBytes: options.uploadQuotaBytes,
          uploadsPerMinute: options.uploadsPerMinute,
        });
        await user.register(deliveryOrdersRoutes);
        await user.register(subusersRoutes);
        await user.register(invoicesRoutes);
        await user.register(settingsRoutes);
        await user.register(truckersRoutes);
        await user.register(filesRoutes);
        await user.register(customsEntriesRoutes);
        await user.register(containersRoutes);
        await user.register(reportsRoutes);
        await user.register(securityEventsRoutes);
      });
    },
    { prefix: API_BASE },
  );
  await app.register(
    async (broker) => {
      readEmptyJsonBodyAsNone(broker);
      await broker.register(ingestionRoutes, { publicUrl: options.publicUrl });
      await broker.register(brokerAdminRoutes);
      await broker.register(webhooksRoutes, { allowPlainHttp: options.webhookAllowHttp });
    },
    { prefix: BROKER_API_BASE },
  );
  await app.register(apiDocsRoutes);

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: WEB_FILES_PREFIX,
      // One route for every file: a route of each of the 300 files cost a tenth of the server's start.
      // A file not found, and a folder (`/`, `/shipments/`), go on to the history fallback below.
      wildcard: true,
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('/'),
      preCompressed: true,
      setHeaders: (reply, file) => {
        const isHashedAsset = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A file whose name changes with its content is never revalidated, and is no document:
        // what only a document or a revalidation reads stays off it (about 0.7 KiB a file).
        if (isHashedAsset) {
          for (const name of DOCUMENT_ONLY_HEADERS) {
            reply.removeHeader(name);
            reply.raw.removeHeader(name);
          }
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApiCall = isApiPath(request.url);
    const isPage = ['GET', 'HEAD'].includes(request.method) && !isApiCall;
    if (hasWeb && isPage) {
      // History fallback: every client route loads on refresh. Not returned: a reply returned is
      // awaited by each handler that led here (the web files' route, the error handler), each
      // awaiting adding listeners to the response, past Node's warning at ten.
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return undefined;
    }
    // A route of this method that found nothing to send (a file not there) answered by calling this.
    const allowed = isApiCall ? allowedMethods(request.url) : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendRefusal(reply, {
        status: 405,
        message: `Method not allowed: this path answers ${allowed.join(', ')}`,
      });
    }
    return sendRefusal(reply, { status: 404, message: 'Not found' });
  });

  return app;
}
