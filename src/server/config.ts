import path from 'node:path'
import { envSchema } from './config.env.ts'
import type { S3Settings } from './integrations/storage/s3-storage.ts'

/** A current Flash model; the original product's `gemini-1.5-flash-latest` still works when set in AI_MODEL. */
export const defaultGeminiModel = 'gemini-2.5-flash'
export const defaultOpenAiModel = 'gpt-4o-mini'

/** Which AI answers (docs/product.md#ai-modes). The provider's key stays here, on the server. */
export type AiConfig =
  { provider: 'guided' } | { provider: 'gemini'; apiKey: string; baseUrl: string; model: string } | { provider: 'openai'; baseUrl: string; apiKey?: string; model: string }

export interface Config {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string }
  /** Undefined: generated once and kept in `DATA_DIR` (see auth-secret.ts). */
  authSecret?: string
  publicUrl?: string
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string
  redisUrl?: string
  logLevel: string
  loginRateLimit: { max: number; windowMs: number }
  /** Failed sign-ins of every account together per login window, beyond which all sign-ins wait. */
  loginFailureCeiling: number
  /** Sign-ups per address and hour; twenty times as many overall. */
  signUpRateLimitPerHour: number
  /** Contact messages accepted per sender address and hour. */
  contactRateLimitPerHour: number
  /** Password resets that may be asked per e-mail and hour; ten times as many per address. */
  passwordResetRateLimitPerHour: number
  /** Where reset links are mailed from; without it nothing is mailed and the operator hands out links (`npm run reset-link`). */
  mail?: { smtpUrl: string; from: string }
  /** Media: files under `DATA_DIR/media`, or an S3-compatible bucket. */
  storage: { kind: 'local'; dir: string } | { kind: 's3'; s3: S3Settings }
  /** The largest photo or document accepted. */
  maxUploadBytes: number
  /** The largest audio or video accepted. */
  maxAvUploadBytes: number
  /** The largest GEDCOM file an import accepts. */
  gedcomMaxBytes: number
  /** The people one account's tree may hold; adding one more answers 422 `limit.members_per_tree`. */
  treeMaxMembers: number
  /** The bytes of ready-made list answers (serialised, compressed) the process keeps. */
  listCacheBytes: number
  /** An unfinished upload not resumed within this time is removed. */
  uploadExpiryMs: number
  /** How long a verified session lets an upload's chunks through unchecked (0: every chunk is checked). */
  uploadSessionRecheckMs: number
  /** The bytes of files each person may keep. */
  storageQuotaBytes: number
  /** Uploads each person may have unfinished at once. */
  maxUnfinishedUploads: number
  /** The largest archive `POST /api/me/import` takes. */
  importMaxBytes: number
  /** The bytes of archives that may wait in `DATA_DIR/imports` at once, every import together. */
  importWaitingMaxBytes: number
  /** The longest an account import may run before it stops. */
  importTimeoutMs: number
  jobs: {
    /** Long jobs (imports) one instance runs at once, every person together. */
    concurrency: number
    /** PostgreSQL: a job whose instance stopped is offered to another this long after its timeout. */
    expiryGraceMs: number
    /** PostgreSQL: how often the instances look for such jobs (one instance does, for all). */
    maintenanceIntervalSeconds: number
    /** PostgreSQL: how often an instance with room asks for the next job. */
    pollingIntervalSeconds: number
  }
  gedcom: {
    /** The longest a GEDCOM import may run before it stops. */
    importTimeoutMs: number
    /** The longest one reader thread may take over a file (a preview, an import's reading). */
    readTimeoutMs: number
    /** The heap a reader thread may grow to before it is stopped. */
    readerMemoryMb: number
    /** Previews read at once on one instance, every person together. */
    readers: number
    /** GEDCOM files (and GEDZIPs) written at once on one instance, each on a thread of its own. */
    writers: number
    /** Previews, and imports, each person may start per hour. */
    perHour: number
  }
  ai: AiConfig
  /** AI replies allowed per user and hour (the guided mode is not counted). */
  aiRateLimitPerHour: number
  /** How long one AI reply may take before it counts as failed. */
  aiTimeoutMs: number
  /** Whether a model is also asked for the facts each answer states (a second, small request per answer). */
  factListening: boolean
  /**
   * Characters sent to and received from the model by everyone together, per hour and per day, and
   * the fraction of each that one person may spend.
   */
  aiBudget: { charsPerHour: number; charsPerDay: number; personShare: number }
  /** Built web app to serve; undefined serves the API only. */
  webRoot?: string
}

/** The address people use: PUBLIC_URL, else this machine's own (links the server hands out point at it). */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads and validates the settings (README "Settings"); throws `ConfigError` naming every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  }
  const e = parsed.data
  const problems: string[] = []
  if (e.DATABASE_SCHEMA && !e.DATABASE_URL) problems.push('DATABASE_SCHEMA: only applies with a PostgreSQL DATABASE_URL')
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3')
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither')
  }
  // Several instances may run on PostgreSQL or Redis: each would generate a secret of its own and
  // refuse the others' sessions.
  if (!e.AUTH_SECRET && (e.DATABASE_URL || e.REDIS_URL)) {
    problems.push('AUTH_SECRET: required with DATABASE_URL or REDIS_URL, the same on every instance (at least 32 characters, e.g. openssl rand -base64 48)')
  }
  const aiProvider = e.AI_PROVIDER ?? (e.GEMINI_API_KEY ? 'gemini' : e.OPENAI_BASE_URL ? 'openai' : 'guided')
  if (aiProvider === 'gemini' && !e.GEMINI_API_KEY) problems.push('GEMINI_API_KEY: required when AI_PROVIDER=gemini')
  if (aiProvider === 'openai' && !e.OPENAI_BASE_URL) problems.push('OPENAI_BASE_URL: required when AI_PROVIDER=openai (e.g. https://api.openai.com/v1)')
  // A mailed link must name the address people use; the request's Host header is the sender's to write.
  if (e.SMTP_URL && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required with SMTP_URL (the links mailed to people point at it)')
  if (e.SMTP_FROM && !e.SMTP_URL) problems.push('SMTP_FROM: only applies with SMTP_URL')
  if (problems.length > 0) throw new ConfigError(problems)
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}) }
      : { dialect: 'sqlite', file: path.join(dataDir, 'legado.db') },
    authSecret: e.AUTH_SECRET,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT_MAX, windowMs: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    loginFailureCeiling: e.LOGIN_FAILURE_CEILING,
    signUpRateLimitPerHour: e.SIGNUP_RATE_LIMIT_PER_HOUR,
    contactRateLimitPerHour: e.CONTACT_RATE_LIMIT_PER_HOUR,
    passwordResetRateLimitPerHour: e.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
    ...(e.SMTP_URL && e.PUBLIC_URL ? { mail: { smtpUrl: e.SMTP_URL, from: e.SMTP_FROM ?? `Legado <legado@${new URL(e.PUBLIC_URL).hostname}>` } } : {}),
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } } : {}),
            },
          }
        : { kind: 'local', dir: path.join(dataDir, 'media') },
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxAvUploadBytes: e.MAX_AV_UPLOAD_BYTES,
    gedcomMaxBytes: e.GEDCOM_MAX_BYTES,
    treeMaxMembers: e.TREE_MAX_MEMBERS,
    listCacheBytes: e.LIST_CACHE_BYTES,
    uploadExpiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000),
    uploadSessionRecheckMs: Math.round(e.UPLOAD_SESSION_RECHECK_SECONDS * 1000),
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    maxUnfinishedUploads: e.MAX_UNFINISHED_UPLOADS,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importWaitingMaxBytes: e.IMPORT_WAITING_MAX_BYTES,
    importTimeoutMs: e.IMPORT_TIMEOUT_SECONDS * 1000,
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      expiryGraceMs: e.JOB_EXPIRY_GRACE_SECONDS * 1000,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      pollingIntervalSeconds: e.JOB_POLLING_INTERVAL_SECONDS,
    },
    gedcom: {
      importTimeoutMs: e.GEDCOM_IMPORT_TIMEOUT_SECONDS * 1000,
      readTimeoutMs: e.GEDCOM_READ_TIMEOUT_SECONDS * 1000,
      readerMemoryMb: e.GEDCOM_READER_MEMORY_MB,
      readers: e.GEDCOM_READERS,
      writers: e.GEDCOM_WRITERS,
      perHour: e.GEDCOM_RATE_LIMIT_PER_HOUR,
    },
    ai:
      aiProvider === 'gemini'
        ? { provider: 'gemini', apiKey: e.GEMINI_API_KEY!, baseUrl: e.GEMINI_BASE_URL.replace(/\/+$/, ''), model: e.AI_MODEL ?? defaultGeminiModel }
        : aiProvider === 'openai'
          ? { provider: 'openai', baseUrl: e.OPENAI_BASE_URL!.replace(/\/+$/, ''), apiKey: e.OPENAI_API_KEY, model: e.AI_MODEL ?? defaultOpenAiModel }
          : { provider: 'guided' },
    aiRateLimitPerHour: e.AI_RATE_LIMIT_PER_HOUR,
    aiTimeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    factListening: e.FACT_LISTENING === 'on',
    aiBudget: { charsPerHour: e.AI_BUDGET_CHARS_PER_HOUR, charsPerDay: e.AI_BUDGET_CHARS_PER_DAY, personShare: e.AI_PERSON_SHARE },
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : undefined,
  }
}
