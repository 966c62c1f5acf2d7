// The server's settings, read from the environment. Every variable the server reads is in the
// README's configuration table (tests/unit/readme-config.test.ts checks it).
import path from 'node:path';

/** An S3-compatible bucket holding uploaded files and clinic copies (src/server/files/s3-store.ts). */
export interface S3Settings {
  bucket: string;
  /** Not AWS: the server's address (MinIO, Ceph...). */
  endpoint?: string;
  region: string;
  /** Neither: the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>`: what most non-AWS servers expect. */
  forcePathStyle: boolean;
  /** Prepended to every key (several installations in one bucket). */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and uploads. */
  dataDir: string;
  /** Files on S3-compatible storage instead of `dataDir` (when S3_BUCKET is set). */
  s3?: S3Settings;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Built single-page app served on every host. */
  clientDir: string;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** Where the platform is reached from outside (clinics at `<subdomain>.<its host>`): links in messages to patients. */
  publicUrl: string;
  /** Messages to patients over WhatsApp Business (the Cloud API's messages endpoint) and an SMS gateway (src/server/messages/transports.ts). */
  whatsappUrl?: string;
  whatsappToken?: string;
  smsUrl?: string;
  smsToken?: string;
  logLevel: string;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  /** 'auto': demo data on first start of an empty embedded database; 'always'; 'never'. */
  seedDemo: 'auto' | 'always' | 'never';
  /** How often the subscription job runs. */
  jobIntervalMinutes: number;
  /** The clinics' time zone: what "today" means (src/server/days.ts). */
  timeZone: string;
  /** The master key (base64 of 32 bytes), or a file holding it; neither: `master.key` in dataDir. */
  masterKey?: string;
  masterKeyFile?: string;
  /** For the benchmark's side-by-side run only: the engine writes no audit events. Never for clinics. */
  benchWithoutAudit: boolean;
  /** For the benchmark's side-by-side run only: declared fields are neither sealed nor opened. Never for clinics. */
  benchWithoutEncryption: boolean;
  /** For the benchmark's side-by-side run only: kept sessions are not confirmed against the access
   * epoch (migration 031), as before it. Never for clinics. */
  benchWithoutExactAccess: boolean;
  /** For the benchmark's side-by-side run only: answers carry no relation titles. Never for clinics. */
  benchWithoutRelationLabels: boolean;
  /** For the benchmark's side-by-side run only: writes announce no live update. Never for clinics. */
  benchWithoutLive: boolean;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const seed = env.SEED_DEMO;
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
          prefix: env.S3_PREFIX ?? '',
        }
      : undefined,
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Clinic Platform <no-reply@localhost>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env.PORT, 3000)}`).replace(/\/+$/, ''),
    whatsappUrl: env.WHATSAPP_URL || undefined,
    whatsappToken: env.WHATSAPP_TOKEN || undefined,
    smsUrl: env.SMS_URL || undefined,
    smsToken: env.SMS_TOKEN || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 8 * 60),
    sessionMaxDays: int(env.SESSION_MAX_DAYS, 7),
    seedDemo: seed === 'always' || seed === 'never' ? seed : 'auto',
    jobIntervalMinutes: int(env.JOB_INTERVAL_MINUTES, 10),
    timeZone: env.TIME_ZONE || 'Asia/Baghdad',
    masterKey: env.MASTER_KEY || undefined,
    masterKeyFile: env.MASTER_KEY_FILE || undefined,
    benchWithoutAudit: env.BENCH_WITHOUT_AUDIT === '1',
    benchWithoutEncryption: env.BENCH_WITHOUT_ENCRYPTION === '1',
    benchWithoutExactAccess: env.BENCH_WITHOUT_EXACT_ACCESS === '1',
    benchWithoutRelationLabels: env.BENCH_WITHOUT_RELATION_LABELS === '1',
    benchWithoutLive: env.BENCH_WITHOUT_LIVE === '1',
  };
}
