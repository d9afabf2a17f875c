import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset means 127.0.0.1 on the embedded demo database and 0.0.0.0 on PostgreSQL (see loadConfig).
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_ORIGIN: z
    .url()
    .refine((value) => URL.canParse(value) && new URL(value).origin === value, 'must be an origin such as https://app.example.com, with no path or trailing slash')
    .default('http://localhost:3000'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  // Addresses (or CIDR ranges) of load balancers whose X-Forwarded-For is believed, comma-separated.
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.5,10.0.1.0/24')
    .optional(),
  // On SIGTERM, how long the health check fails before the server stops taking requests, so a load balancer notices first.
  SHUTDOWN_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  TZ: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/London')
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  ASSISTANT_LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
  ASSISTANT_LLM_API_KEY: z.string().min(1).optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' }).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOAD_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(50),
  IMAGE_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  BOOKING_MAX_PENDING_PER_TEACHER: z.coerce.number().int().min(1).max(1000).default(3),
  BOOKING_MAX_PENDING: z.coerce.number().int().min(1).max(1000).default(10),
  BOOKING_PENDING_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(48),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465' }).optional(),
  SMTP_FROM: z.string().trim().min(3).max(254).optional(),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], 'must be true or false').default('false'),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().max(1).default(1),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key in base64url (87 characters starting with B), as `npx web-push generate-vapid-keys` prints').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters), as `npx web-push generate-vapid-keys` prints').optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL where push services can reach you, such as mailto:ops@example.com')
    .optional(),
  PUSH_ALLOW_PRIVATE: z.enum(['true', 'false'], 'must be true or false').default('false'),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  // 1 renders pages on the server; 0 serves every page as the static index.html and leaves the browser to render it.
  SSR: z.enum(['0', '1'], 'must be 0 or 1').default('1'),
  CAMERA_HLS_DIR: z.string().min(1).optional(),
}).superRefine((env, ctx) => {
  // Images go to S3 only when a bucket is named; the other S3_* variables alone are a mistake.
  const s3 = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (env.S3_BUCKET === undefined) {
    for (const name of s3.filter((n) => env[n] !== undefined)) ctx.addIssue({ code: 'custom', path: [name], message: 'is used only with S3_BUCKET, which is not set' });
  } else {
    // AWS itself needs the region; an S3-compatible server named by S3_ENDPOINT usually ignores it.
    if (env.S3_ENDPOINT === undefined && env.S3_REGION === undefined) ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'must be set when S3_BUCKET is set without S3_ENDPOINT' });
    // Both keys, or neither (then the AWS SDK's usual sources: an instance role, ~/.aws...).
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set too, since the other S3 key is set' });
    }
  }

  // The assistant uses a language model only when all three are set; one or two alone is a mistake.
  const llm = ['ASSISTANT_LLM_BASE_URL', 'ASSISTANT_LLM_API_KEY', 'ASSISTANT_LLM_MODEL'] as const;
  const missing = llm.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < llm.length) {
    for (const name of missing) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set too, since another ASSISTANT_LLM_* variable is set' });
  }

  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set too, since the other VAPID key is set' });
  }

  if (env.SMTP_FROM !== undefined && env.SMTP_URL === undefined) ctx.addIssue({ code: 'custom', path: ['SMTP_FROM'], message: 'is used only with SMTP_URL, which is not set' });
});

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicOrigin: string;
  sessionTtlDays: number;
  /** Password hashes that may run at once; undefined means what the machine can spare (lib/passwords). */
  passwordHashConcurrency: number | undefined;
  logLevel: (typeof logLevels)[number];
  /** Load balancers whose X-Forwarded-For names the client (per-IP limits then see the client); undefined: none. */
  trustProxy: string[] | undefined;
  /** On SIGTERM, how long /api/health answers 503 before the server stops taking requests. */
  shutdownNoticeMs: number;
  timeZone: string;
  /** Page visits are rendered on the server (when the SSR build exists); off, every page is index.html. */
  ssr: boolean;
  /** Cookies get the Secure flag when the public origin is https. */
  secureCookies: boolean;
  /** An OpenAI-compatible chat-completions service for the assistant; absent means the built-in engine only. */
  assistantLlm: Readonly<{ baseUrl: string; apiKey: string; model: string }> | undefined;
  /** Where image bytes live: a directory under DATA_DIR, or an S3-compatible bucket shared by every instance. */
  imageStore: ImageStoreConfig;
  /** Uploads one account may make in any 24 hours. */
  uploadDailyLimit: number;
  /** Image downloads one IP may make per minute. */
  imageRequestsPerMinute: number;
  /** How many shadow-teacher requests a parent may have waiting, and how long one may wait. */
  bookingLimits: Readonly<{ maxPendingPerTeacher: number; maxPending: number; pendingTtlHours: number }>;
  /** Where email goes out (password-reset links); absent means the server sends no email. */
  smtp: Readonly<{ url: string; from: string }> | undefined;
  webhooks: Readonly<{
    /** Lets endpoints be http:// on loopback and reach private addresses: for tests and local development only. */
    allowPrivate: boolean;
    /** Multiplies every retry delay (tests shrink the 3-day schedule to seconds). */
    retryScale: number;
    /** How often this instance looks for due deliveries; 0: it delivers none (another instance does). */
    pollMs: number;
  }>;
  cameras: Readonly<{
    /** The ffmpeg that packages camera streams as HLS; when it cannot be run, cameras show the placeholder. */
    ffmpegPath: string;
    /** A folder of ready HLS (index.m3u8 and segments) served for every camera with a source, instead of running ffmpeg: tests and demos. */
    staticHlsDir: string | undefined;
  }>;
  push: Readonly<{
    /** A VAPID pair from the environment; undefined: the server makes one on first start and keeps it in the database. */
    vapidKeys: Readonly<{ publicKey: string; privateKey: string }> | undefined;
    /** Who push services contact about our sends (mailto: or https:). */
    vapidSubject: string;
    /** Lets push endpoints be http:// on loopback and reach private addresses: for tests and local development only. */
    allowPrivate: boolean;
  }>;
}>;

export type ImageStoreConfig = Readonly<
  | { kind: 'filesystem'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      /** Set for S3-compatible servers, which are then addressed path-style. */
      endpoint: string | undefined;
      region: string;
      credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | undefined;
    }
>;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * What start-up should say about where the server listens: on the embedded demo database, whose
 * demo passwords are public, that it is reachable from this machine only (or warn that it is not).
 */
export function listenNotice(config: Config): { level: 'info' | 'warn'; message: string } | undefined {
  if (config.databaseUrl) return undefined;
  if (['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
    return {
      level: 'info',
      message: `Embedded demo database: listening on ${config.host} only, since the demo accounts' passwords are published. To reach it from other machines, set HOST=0.0.0.0 (for real use, set DATABASE_URL as well).`,
    };
  }
  return {
    level: 'warn',
    message: `Embedded demo database listening on ${config.host}: other machines can sign in with the published demo passwords. Set HOST=127.0.0.1 to keep it to this machine.`,
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws naming every offending variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const c = parsed.data;
  return Object.freeze({
    port: c.PORT,
    // The embedded database holds the demo accounts, whose passwords the README publishes: by
    // default only this machine may reach it. A PostgreSQL deployment listens everywhere.
    host: c.HOST ?? (c.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    publicOrigin: c.PUBLIC_ORIGIN,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    passwordHashConcurrency: c.PASSWORD_HASH_CONCURRENCY,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY?.split(',').map((address) => address.trim()),
    shutdownNoticeMs: c.SHUTDOWN_NOTICE_MS,
    timeZone: c.TZ,
    ssr: c.SSR === '1',
    secureCookies: c.PUBLIC_ORIGIN.startsWith('https://'),
    assistantLlm:
      c.ASSISTANT_LLM_BASE_URL && c.ASSISTANT_LLM_API_KEY && c.ASSISTANT_LLM_MODEL
        ? Object.freeze({ baseUrl: c.ASSISTANT_LLM_BASE_URL, apiKey: c.ASSISTANT_LLM_API_KEY, model: c.ASSISTANT_LLM_MODEL })
        : undefined,
    imageStore: Object.freeze(
      c.S3_BUCKET
        ? {
            kind: 's3' as const,
            bucket: c.S3_BUCKET,
            endpoint: c.S3_ENDPOINT,
            region: c.S3_REGION ?? 'us-east-1',
            credentials:
              c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? Object.freeze({ accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }) : undefined,
          }
        : { kind: 'filesystem' as const, directory: path.join(c.DATA_DIR, 'images') },
    ),
    uploadDailyLimit: c.UPLOAD_DAILY_LIMIT,
    imageRequestsPerMinute: c.IMAGE_REQUESTS_PER_MINUTE,
    bookingLimits: Object.freeze({
      maxPendingPerTeacher: c.BOOKING_MAX_PENDING_PER_TEACHER,
      maxPending: c.BOOKING_MAX_PENDING,
      pendingTtlHours: c.BOOKING_PENDING_TTL_HOURS,
    }),
    smtp: c.SMTP_URL ? Object.freeze({ url: c.SMTP_URL, from: c.SMTP_FROM ?? `Nestling <no-reply@${new URL(c.PUBLIC_ORIGIN).hostname}>` }) : undefined,
    webhooks: Object.freeze({ allowPrivate: c.WEBHOOK_ALLOW_PRIVATE === 'true', retryScale: c.WEBHOOK_RETRY_SCALE, pollMs: c.WEBHOOK_POLL_MS }),
    cameras: Object.freeze({ ffmpegPath: c.FFMPEG_PATH, staticHlsDir: c.CAMERA_HLS_DIR }),
    push: Object.freeze({
      vapidKeys: c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? Object.freeze({ publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }) : undefined,
      vapidSubject: c.VAPID_SUBJECT ?? `mailto:push@${new URL(c.PUBLIC_ORIGIN).hostname}`,
      allowPrivate: c.PUSH_ALLOW_PRIVATE === 'true',
    }),
  });
}
