import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TZ: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/London')
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
});

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicOrigin: string;
  sessionTtlDays: number;
  logLevel: (typeof logLevels)[number];
  timeZone: string;
  /** Cookies get the Secure flag when the public origin is https. */
  secureCookies: boolean;
}>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
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
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    publicOrigin: c.PUBLIC_ORIGIN,
    sessionTtlDays: c.SESSION_TTL_DAYS,
    logLevel: c.LOG_LEVEL,
    timeZone: c.TZ,
    secureCookies: c.PUBLIC_ORIGIN.startsWith('https://'),
  });
}
