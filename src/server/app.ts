// The server: one Fastify instance serving the v1 API under /api/v1 and the single-page app on
// every host, the tenant taken from the Host header.
import { comparisonParts } from './bench-comparison';
import fs from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { resources } from '../../resources/index';
import { createMailer, type CodeMailer } from './auth/mailer';
import { clientGoneBelowError } from './http/client-gone';
import { MfaService } from './auth/mfa';
import { registerMfaRoutes } from './auth/mfa-routes';
import { registerProfileRoutes } from './auth/profile';
import { registerSessionRoutes } from './auth/session-routes';
import { registerAuthRoutes } from './auth/routes';
import { ACCESS_CHANGED, SessionCache } from './auth/session-cache';
import { type SessionRow, touchesWritten } from './auth/sessions';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottlePolicy } from './auth/throttle';
import type { Config } from './config';
import type { Db } from './db/index';
import type { HookRegistry } from './engine/hooks';
import { type PluginDeps, pluginHooks, registerPluginRoutes } from './engine/plugin';
import { serverPlugins } from '../../resources/registry.server';
import { registerResourceRoutes } from './engine/routes';
import { installRequestContext } from './http/context';
import { registerUploadRoutes } from './modules/uploads';
import { type FileStore, openFileStore } from './files/store';
import { Scheduler } from './jobs/scheduler';
import { scheduledJobs } from './jobs/platform-jobs';
import { installErrorHandler } from './http/error-handler';
import { installIdempotency, installIdempotencyAnswers } from './http/idempotency';
import { installInputGuard } from './http/input-guard';
import { helmetHeaders, installSecurityHeaders } from './http/security-headers';
import { installRouteRules } from './http/route-rules';
import { describeRoute } from './http/openapi';
import { routeValidator } from './engine/validate';
import { routeSerializer } from './http/serializer';
import { sealEvents } from './audit/chain';
import { ReadLog } from './audit/read-log';
import { FieldCipher } from './crypto/fields';
import { KeyRing } from './crypto/keyring';
import { assertMasterKeyFits, loadMasterKey } from './crypto/master-key';
import { registerAuditRoutes } from './audit/routes';
import { registerExportRoutes } from './exports/routes';
import { registerRestoreRoute } from './exports/restore-route';
import { ExportWorker } from './exports/worker';
import { RestoreWorker } from './exports/restore-worker';
import { LiveHub, RECORD_CHANGED } from './live/hub';
import type { OutboxDeps } from './messages/outbox';
import { MessageSender } from './messages/sender';
import { transportsFrom } from './messages/transports';
import { registerLiveRoutes } from './live/routes';
import { OpenStreams } from './live/streams';
import { registerOfflineRoutes } from './offline/routes';

const AUDIT_SEAL_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Read events waiting for their batch (null without the audit: the benchmark's comparison). */
    auditReads: ReadLog | null;
    /** The clinics' data keys, and the sealing of their declared fields (src/server/crypto). */
    keyring: KeyRing;
    cipher: FieldCipher;
    /** Where uploaded files and clinic copies are kept (the data folder, or an S3 bucket). */
    files: FileStore;
    /** Builds clinic copies (tests wake it, or run a second one beside it). */
    exportWorker: ExportWorker;
    restoreWorker: RestoreWorker;
    /** Sends the outbox's messages to patients (tests wake it). */
    messageSender: MessageSender;
    /** The periodic jobs (jobs/scheduler.ts): started by `npm start` once it listens, by tests at will. */
    scheduler: Scheduler;
  }
}

export interface AppOptions {
  db: Db;
  config: Config;
  /** The server's clock; tests move it to check expiries. */
  clock?: () => Date;
  throttle?: ThrottlePolicy;
  /** false: no log (most tests, benches); by default JSON lines on stdout at LOG_LEVEL. */
  logger?: boolean;
  /** Where the log's JSON lines go instead of stdout (a test reading the records). */
  logStream?: { write(line: string): void };
  mailer?: CodeMailer;
  hooks?: HookRegistry;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Query strings carry searches (patient names, phones): log the path only, never headers.
            serializers: { req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0], host: req.host }) },
            // A client leaving a stream half read is no error (http/client-gone.ts).
            hooks: { logMethod: clientGoneBelowError },
            ...(options.logStream && { stream: options.logStream }),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  // Every route's body, query and path are validated from its schema by the engine's validator
  // (strict, answered as a localized 422): see http/route-rules.ts for the order of the checks.
  app.setValidatorCompiler(routeValidator);
  app.setSerializerCompiler(routeSerializer);
  // The API speaks JSON (and multipart for uploads): plain text bodies are refused with 415.
  app.removeContentTypeParser('text/plain');

  // helmet's headers, computed once (http/security-headers.ts).
  installSecurityHeaders(app, await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // Only the application itself may frame its pages (the clinic's page preview).
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  }));
  // Encryption at rest: every clinic has its key before the first request.
  const master = loadMasterKey(config);
  const { rows: wrapped } = await sql<{ id: string }>`select distinct split_part(wrapped, ':', 1) as id from tenant_keys`.execute(db.kysely);
  assertMasterKeyFits(master, wrapped.map((r) => r.id), config.dataDir);
  const keyring = new KeyRing(master);
  await keyring.ensureAll(db.kysely);
  const cipher = new FieldCipher(keyring);
  app.decorate('keyring', keyring);
  app.decorate('cipher', cipher);
  // Before compression: a kept answer is the handler's, not its gzip.
  installIdempotencyAnswers(app, db.kysely, keyring);
  await app.register(rateLimit, { global: false });
  // gzip for answers and assets above 1 KiB (brotli costs too much CPU per dynamic answer).
  await app.register(compress, { threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Clinic platform API', version: '1.0.0', description: 'Generated from the resource declarations in resources/.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: describeRoute,
  });
  installErrorHandler(app);

  const sessions = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };
  const sessionCache = new SessionCache<SessionRow>();
  const streams = new OpenStreams();
  const stopFeed = await db.listen(ACCESS_CHANGED, {
    notify: () => {
      sessionCache.changed();
      // Live streams whose session or access this change ended end now, not at their next beat.
      void streams.accessChanged();
    },
    live: (on) => sessionCache.setLive(on),
  });
  app.addHook('onClose', async () => stopFeed());
  // Live updates: every process follows the database's announcements of changed records.
  const liveHub = new LiveHub(resources);
  let liveLost = false;
  const stopLive = await db.listen(RECORD_CHANGED, {
    notify: (payload) => liveHub.announce(payload),
    live: (on) => {
      if (on && liveLost) liveHub.resync();
      liveLost = !on;
    },
  });
  app.addHook('onClose', async () => stopLive());
  // Messages to patients: written with the bookings' changes, sent by every process's sender.
  const outbox: OutboxDeps = { keyring, cipher: config.benchWithoutEncryption ? null : cipher, publicUrl: config.publicUrl, transports: transportsFrom(config) };
  // The entity folders' server parts (resources/*/server.ts): their hooks, then a test's own.
  const pluginDeps: PluginDeps = { db: db.kysely, keyring, outbox, clock, publicUrl: config.publicUrl };
  const hooks: HookRegistry = { ...pluginHooks(serverPlugins, pluginDeps), ...options.hooks };
  const messageSender = new MessageSender(db, outbox, clock, (err, where) => app.log.error({ err }, `messages: ${where} failed`));
  app.decorate('messageSender', messageSender);
  app.addHook('onReady', async () => messageSender.start());
  app.addHook('preClose', async () => messageSender.stop());
  // Audit events are sealed into their hash chain shortly after they commit.
  const sealer = setInterval(() => void sealEvents(db.kysely).catch((err: unknown) => app.log.error({ err }, 'sealing audit events failed')), AUDIT_SEAL_MS);
  sealer.unref();
  app.addHook('onClose', async () => clearInterval(sealer));
  const readLog = config.benchWithoutAudit
    ? null
    : new ReadLog(db.kysely, (err, dropped) => app.log.error({ err, dropped }, 'writing read events failed; kept for the next try'));
  app.decorate('auditReads', readLog);
  // The reads of a stopping server reach the trail (before the database closes).
  app.addHook('preClose', async () => readLog?.flush());
  // Sessions' last use noted after their requests answered: written before the database closes.
  app.addHook('onClose', async () => touchesWritten());
  // Clinic copies are built in the background by every process's worker (exports/worker.ts).
  const files = await openFileStore(config);
  app.decorate('files', files);
  const copyDeps = { db: db.kysely, keyring, cipher: config.benchWithoutEncryption ? null : cipher, files, clock };
  const exportWorker = new ExportWorker(db, copyDeps, {
    onError: (err, job) => app.log.error({ err, tenant: job.tenantId, export: job.id }, 'building a clinic copy failed'),
  });
  app.decorate('exportWorker', exportWorker);
  app.addHook('onReady', async () => exportWorker.start());
  app.addHook('preClose', async () => exportWorker.stop());
  const restoreWorker = new RestoreWorker(db, copyDeps, { onError: (err, job) => app.log.error({ err, tenant: job.tenantId, restore: job.id }, 'restoring a clinic copy failed') });
  app.decorate('restoreWorker', restoreWorker);
  app.addHook('onReady', async () => restoreWorker.start());
  app.addHook('preClose', async () => restoreWorker.stop());
  const scheduler = new Scheduler(db, scheduledJobs({ db: db.kysely, files, cipher, outbox, jobIntervalMinutes: config.jobIntervalMinutes }), clock, (err, job) =>
    app.log.error({ err }, `scheduled job ${job} failed`),
  );
  app.decorate('scheduler', scheduler);
  app.addHook('preClose', async () => scheduler.stop());
  await app.register(
    async (api) => {
      installRequestContext(api, { db: db.kysely, multiStatement: db.kind === 'postgres', hooks, clock, sessions, sessionCache, readLog, cipher: config.benchWithoutEncryption ? null : cipher, exactAccess: db.kind === 'postgres' && !config.benchWithoutExactAccess, engine: comparisonParts({ audit: config.benchWithoutAudit, relationLabels: config.benchWithoutRelationLabels, live: config.benchWithoutLive }) });
      // Clean text first (its 422 names the field whatever else is wrong), then the routes' rules.
      installInputGuard(api);
      installRouteRules(api);
      installIdempotency(api, db.kysely, keyring);
      // Clinic data is never kept by a browser or a proxy (a route may say otherwise for its files).
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
        return payload;
      });
      const authDeps = {
        db: db.kysely,
        throttle: new LoginThrottle(db.kysely, options.throttle ?? DEFAULT_THROTTLE),
        mailer: options.mailer ?? createMailer(config.smtpUrl, config.mailFrom, app.log),
        clock,
        sessions,
        mfa: new MfaService(db.kysely, keyring),
      };
      registerAuthRoutes(api, authDeps);
      registerProfileRoutes(api, db.kysely, clock);
      registerMfaRoutes(api, authDeps);
      registerSessionRoutes(api, db.kysely);
      await registerUploadRoutes(api, db.kysely, files, keyring);
      await registerPluginRoutes(api, serverPlugins, pluginDeps);
      registerAuditRoutes(api, db.kysely, readLog);
      registerExportRoutes(api, db.kysely, keyring, files);
      registerRestoreRoute(api, copyDeps);
      registerResourceRoutes(api, resources);
      registerLiveRoutes(api, { db: db.kysely, hub: liveHub, streams, policy: sessions, clock });
      registerOfflineRoutes(api, db.kysely);
      api.get('/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api/v1' },
  );

  serveClient(app, config.clientDir);
  return app;
}

/** A path naming a file by its extension: never one of the app's screens. */
const STATIC_FILE = /\.(ico|png|jpe?g|gif|svg|webp|js|mjs|css|map|json|txt|xml|woff2?|ttf|webmanifest)$/i;

/** The built SPA: hashed assets cached for a year, index.html always revalidated. */
function serveClient(app: FastifyInstance, clientDir: string): void {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return;
  void app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
    preCompressed: true,
    index: false,
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // A file the build does not have (/favicon.ico, an old asset) is not found, not the app's page.
    if (request.url.startsWith('/api/') || STATIC_FILE.test(request.url.split('?')[0])) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
