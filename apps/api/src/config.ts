import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/**
 * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy). Off by default: the client
 * address is the socket's, so a client cannot choose the address its limits and audit entries use.
 * A number trusts that many hops; addresses or CIDRs trust those proxies only; `true` trusts any.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    if (/^(false|off|no)$/i.test(v) || v === '') return false;
    if (/^(true|on|yes)$/i.test(v)) return true;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((p) => p.trim());
    if (list.every((p) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(p))) return list;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY takes true, false, a hop count, or proxy addresses/CIDRs separated by commas' });
    return z.NEVER;
  });

/** Every environment variable the API reads (DESIGN section 4), parsed in one place. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vault Admin Portal <no-reply@vault.local>'),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().default('admin@vault.local'),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must have at least 12 characters').optional(),
  DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32).optional(),
  /** 32 random bytes in base64 (`openssl rand -base64 32`): encrypts authenticator secrets. */
  MFA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'MFA_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /**
   * The Ed25519 key signing the audit chains' checkpoints: its 32-byte private seed in base64
   * (`openssl rand -base64 32`). Required in production; elsewhere made on first start and kept.
   */
  AUDIT_SIGNING_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'AUDIT_SIGNING_KEY must be a 32-byte Ed25519 seed in base64 (openssl rand -base64 32)',
    )
    .optional(),
  WEB_DIST: z.string().optional(),
  /**
   * The server's renderer of the vault list's first screen (decision 0051): a module path, by default
   * the portal build's dist-ssr/render-first-screen.js beside WEB_DIST; `off` sends index.html alone.
   */
  FIRST_SCREEN_RENDERER: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  NODE_ENV: z.string().optional(),
  API_DOCS: bool.optional(),
  /** How long a request may take to arrive whole (headers and body), in milliseconds. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /**
   * Let identity providers (OIDC issuer, SAML metadata) sit on private or loopback addresses, and
   * plain http there. On by default outside NODE_ENV=production, off in production (decision 0037).
   */
  SSO_ALLOW_PRIVATE_NETWORK: bool.optional(),
  /** Seconds between passes removing ended one-time rows (challenges, links, sessions); 0 turns it off. */
  CLEANUP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /**
   * How long an instance may answer reads from a session it checked, in milliseconds (decisions
   * 0049, 0053); revocations reach every instance by its next request whatever this is. 0 checks
   * every request.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
});

export type Config = z.infer<typeof envSchema> & {
  publicUrl: string;
  demoData: boolean;
  apiDocs: boolean;
  ssoAllowPrivateNetwork: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  // In production the keys come from the environment (a secret store), never from the database they
  // protect: a copy of the database alone must not open the authenticator secrets or forge tokens,
  // and whoever can rewrite the audit log must not also be able to sign the rewritten chain.
  const missing =
    c.NODE_ENV === 'production' ? (['SESSION_SECRET', 'MFA_ENCRYPTION_KEY', 'AUDIT_SIGNING_KEY'] as const).filter((k) => !c[k]) : [];
  if (missing.length) {
    throw new Error(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when NODE_ENV=production (set it from your secret store; see README, Running in production)`).join('\n')}`,
    );
  }
  return {
    ...c,
    publicUrl: c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`,
    demoData: c.DEMO_DATA ?? !c.DATABASE_URL,
    // The API's map helps an attacker as much as a developer: production serves it only when asked.
    apiDocs: c.API_DOCS ?? c.NODE_ENV !== 'production',
    ssoAllowPrivateNetwork: c.SSO_ALLOW_PRIVATE_NETWORK ?? c.NODE_ENV !== 'production',
  };
}
