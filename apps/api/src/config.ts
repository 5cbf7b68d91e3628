import path from 'node:path';
import { SESSION_IDLE_MINUTES_DEFAULT, SESSION_IDLE_MINUTES_MIN } from '@clearport/contract/sessions';
import { hashCostOf } from './lib/passwords.ts';
import { storageConfigFromEnv, type StorageConfig } from './lib/storage-config.ts';

export type Config = {
  port: number;
  host: string;
  /** Holds the embedded database, the stored files (unless STORAGE_URL says) and the mail outbox. */
  dataDir: string;
  /** A PostgreSQL server; the embedded database when absent. */
  databaseUrl?: string;
  /**
   * A streaming replica of databaseUrl that the lists and reports read from (decision 0040);
   * everything reads from databaseUrl when absent.
   */
  databaseReplicaUrl?: string;
  /**
   * How long opening a connection to databaseUrl may take before the query that needed it fails
   * (503): short, so that a server whose database is gone answers at once rather than hangs.
   */
  databaseConnectTimeoutMs: number;
  /** Where stored files live: `<dataDir>/files` by default, or an S3 bucket (STORAGE_URL, decision 0039). */
  storage: StorageConfig;
  /** An SMTP server; `.eml` files in the outbox when absent. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where links in e-mails point. */
  publicUrl: string;
  /** The brokerage's contact address, named in the portal's messages. */
  brokerEmail: string;
  /** The built web client to serve; none in API-only tests. */
  webDir?: string;
  logLevel: string;
  /** Creates the demo brokerage when the database is empty. */
  seedDemo: boolean;
  /** Sends Strict-Transport-Security: on by default when PUBLIC_URL is https. */
  hsts: boolean;
  /** How long a client may send nothing (headers or body), or read nothing of its answer, before it is dropped. */
  clientTimeoutMs: number;
  /**
   * How long a client may take to send a whole request, however steadily it trickles: one that
   * sends a byte now and then, never silent for clientTimeoutMs, is dropped (408) all the same.
   */
  requestTimeoutMs: number;
  /**
   * Which proxies in front tell the client's address (X-Forwarded-For), as Fastify's trustProxy
   * takes it: true (any), or their addresses and ranges separated by commas. None by default.
   */
  trustProxy: boolean | string;
  /** How long a notification list's events are gathered into one message before it is sent. */
  mailGatherMs: number;
  /** How long a message that cannot be sent is retried before it is marked failed. */
  mailRetryForMs: number;
  /** Sends the event mail of the queue from this process (every MAIL_POLL_MS). */
  mailWorker: boolean;
  mailPollMs: number;
  /**
   * How often this process runs the demurrage watch (decision 0031) when it runs the mail worker:
   * the reminders due on each company's day and the last free day changes not yet told.
   */
  demurragePollMs: number;
  /** Delivers the webhooks from this process (every WEBHOOK_POLL_MS). */
  webhookWorker: boolean;
  webhookPollMs: number;
  /** How long a webhook receiver has to answer. */
  webhookTimeoutMs: number;
  /** How much longer than the timeout a delivery stays claimed by the process attempting it. */
  webhookLeaseMarginMs: number;
  /** How long a webhook delivery that fails is retried before it is marked failed. */
  webhookRetryForMs: number;
  /** How many webhook deliveries are under way at once in this process. */
  webhookConcurrency: number;
  /** Webhooks may be plain http:// to any host; without it, only to this machine (https:// anywhere). */
  webhookAllowHttp: boolean;
  /** The bytes of documents a company may hold in all; an upload past it is refused. */
  uploadQuotaBytes: number;
  /** Uploads one user may send a minute; more answer 429 until the minute is over. */
  uploadsPerMinute: number;
  /**
   * Minutes a session may stay unused before it ends, besides its one day (decision 0033); at
   * least SESSION_IDLE_MINUTES_MIN, since the web warns a minute before the end.
   */
  sessionIdleMinutes: number;
  /** The key authenticator secrets are encrypted with (64 hex); one made in dataDir when absent. */
  twoFactorKey?: string;
};

function idleMinutesOf(value: string): number {
  const minutes = positiveInteger(value, 'SESSION_IDLE_MINUTES');
  if (minutes < SESSION_IDLE_MINUTES_MIN || minutes > 24 * 60) {
    throw new Error(`SESSION_IDLE_MINUTES is not between ${SESSION_IDLE_MINUTES_MIN} and 1440: ${value}`);
  }
  return minutes;
}

function positiveInteger(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new Error(`${name} is not a positive whole number: ${value}`);
  return number;
}

function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function replicaUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_REPLICA_URL || undefined;
  if (url && !env.DATABASE_URL) {
    throw new Error(
      'DATABASE_REPLICA_URL needs DATABASE_URL: a replica copies a PostgreSQL server, not the embedded database',
    );
  }
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_REPLICA_URL is not a postgres:// URL');
  return url;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  // Read again at each new hash; checked here so a wrong value stops the start, not a login.
  hashCostOf(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: replicaUrlOf(env),
    storage: storageConfigFromEnv(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Clearport <no-reply@clearport.test>',
    publicUrl,
    brokerEmail: env.BROKER_EMAIL ?? 'support@clearport.test',
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    hsts: env.HSTS ? env.HSTS === 'true' : publicUrl.startsWith('https://'),
    clientTimeoutMs: positiveInteger(env.CLIENT_TIMEOUT_MS ?? '30000', 'CLIENT_TIMEOUT_MS'),
    requestTimeoutMs: positiveInteger(env.REQUEST_TIMEOUT_MS ?? '300000', 'REQUEST_TIMEOUT_MS'),
    databaseConnectTimeoutMs: positiveInteger(env.DATABASE_CONNECT_TIMEOUT_MS ?? '2000', 'DATABASE_CONNECT_TIMEOUT_MS'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    mailGatherMs: 1000 * positiveInteger(env.MAIL_GATHER_SECONDS ?? '120', 'MAIL_GATHER_SECONDS'),
    mailRetryForMs: 3600_000 * positiveInteger(env.MAIL_RETRY_HOURS ?? '24', 'MAIL_RETRY_HOURS'),
    mailWorker: env.MAIL_WORKER !== 'false',
    mailPollMs: positiveInteger(env.MAIL_POLL_MS ?? '5000', 'MAIL_POLL_MS'),
    demurragePollMs: positiveInteger(env.DEMURRAGE_POLL_MS ?? '60000', 'DEMURRAGE_POLL_MS'),
    webhookWorker: env.WEBHOOK_WORKER !== 'false',
    webhookPollMs: positiveInteger(env.WEBHOOK_POLL_MS ?? '2000', 'WEBHOOK_POLL_MS'),
    webhookTimeoutMs: positiveInteger(env.WEBHOOK_TIMEOUT_MS ?? '10000', 'WEBHOOK_TIMEOUT_MS'),
    webhookLeaseMarginMs: positiveInteger(env.WEBHOOK_LEASE_MARGIN_MS ?? '15000', 'WEBHOOK_LEASE_MARGIN_MS'),
    webhookRetryForMs: 3600_000 * positiveInteger(env.WEBHOOK_RETRY_HOURS ?? '24', 'WEBHOOK_RETRY_HOURS'),
    webhookConcurrency: positiveInteger(env.WEBHOOK_CONCURRENCY ?? '8', 'WEBHOOK_CONCURRENCY'),
    webhookAllowHttp: env.WEBHOOK_ALLOW_HTTP === 'true',
    uploadQuotaBytes: positiveInteger(env.UPLOAD_QUOTA_BYTES ?? String(10 * 1024 ** 3), 'UPLOAD_QUOTA_BYTES'),
    uploadsPerMinute: positiveInteger(env.UPLOADS_PER_MINUTE ?? '60', 'UPLOADS_PER_MINUTE'),
    sessionIdleMinutes: idleMinutesOf(env.SESSION_IDLE_MINUTES ?? String(SESSION_IDLE_MINUTES_DEFAULT)),
    twoFactorKey: env.TWO_FACTOR_KEY || undefined,
  };
}
