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
  TZ: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/London')
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  ASSISTANT_LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' }).optional(),
  ASSISTANT_LLM_API_KEY: z.string().min(1).optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).optional(),
}).superRefine((env, ctx) => {
  // The assistant uses a language model only when all three are set; one or two alone is a mistake.
  const llm = ['ASSISTANT_LLM_BASE_URL', 'ASSISTANT_LLM_API_KEY', 'ASSISTANT_LLM_MODEL'] as const;
  const missing = llm.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < llm.length) {
    for (const name of missing) ctx.addIssue({ code: 'custom', path: [name], message: 'must be set too, since another ASSISTANT_LLM_* variable is set' });
  }
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
  timeZone: string;
  /** Cookies get the Secure flag when the public origin is https. */
  secureCookies: boolean;
  /** An OpenAI-compatible chat-completions service for the assistant; absent means the built-in engine only. */
  assistantLlm: Readonly<{ baseUrl: string; apiKey: string; model: string }> | undefined;
}>;

function isTimeZone(value: string): boolean {
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
    timeZone: c.TZ,
    secureCookies: c.PUBLIC_ORIGIN.startsWith('https://'),
    assistantLlm:
      c.ASSISTANT_LLM_BASE_URL && c.ASSISTANT_LLM_API_KEY && c.ASSISTANT_LLM_MODEL
        ? Object.freeze({ baseUrl: c.ASSISTANT_LLM_BASE_URL, apiKey: c.ASSISTANT_LLM_API_KEY, model: c.ASSISTANT_LLM_MODEL })
        : undefined,
  });
}
