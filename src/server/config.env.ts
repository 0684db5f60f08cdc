import { isIP } from 'node:net'
import { z } from 'zod'
import { limits } from '../shared/limits.ts'
import { defaultUploadLimits } from '../shared/upload-limits.ts'

// What the environment may say: every setting's variable, its form and its default, checked in
// one schema so that a bad value is named with the others. config.ts turns the result into the
// settings the server reads, with the rules that join several variables.

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((value) => ['true', '1', 'yes'].includes(value))

const proxyKeywords = ['loopback', 'linklocal', 'uniquelocal']

/** An IP address, or a CIDR range of them, or one of proxy-addr's names for private ranges. */
function isProxyAddress(value: string): boolean {
  if (proxyKeywords.includes(value)) return true
  const [address = '', prefix, ...rest] = value.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}

/**
 * Which proxies in front may tell the client's address (X-Forwarded-For): none (`false`), a number
 * of hops counted from this server (`true` is one: a single reverse proxy), or the proxies' own
 * addresses and ranges. Never "everyone": the left-most X-Forwarded-For entry is the client's own
 * writing, and trusting it would let anyone reset every per-address limit.
 */
const trustProxyFromEnv = z.string().transform((raw, context): false | number | string => {
  const value = raw.trim().toLowerCase()
  if (['', 'false', '0', 'no'].includes(value)) return false
  if (['true', 'yes'].includes(value)) return 1
  if (/^\d{1,2}$/.test(value)) return Number(value)
  const proxies = value.split(',').map((entry) => entry.trim())
  if (proxies.every(isProxyAddress)) return proxies.join(',')
  context.addIssue({ code: 'custom', message: "must be false, true (one proxy), a number of proxy hops, or the proxies' addresses or CIDR ranges, comma-separated" })
  return z.NEVER
})

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\//.test(value), { error: 'must be a postgres:// or postgresql:// URL' })

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: 'must be a lower-case SQL identifier' })
    .optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://legado.example.org' }).optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value), { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number({ error: 'must be a number' }).int().min(1).default(5),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(900),
  LOGIN_FAILURE_CEILING: z.coerce.number({ error: 'must be a number' }).int().min(1).default(1000),
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10),
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ error: 'must be an absolute URL such as https://s3.example.org' }).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  MAX_UPLOAD_BYTES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(defaultUploadLimits.fileBytes),
  MAX_AV_UPLOAD_BYTES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(defaultUploadLimits.audioVideoBytes),
  LIST_CACHE_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  GEDCOM_MAX_BYTES: z.coerce.number({ error: 'must be a number' }).int().min(1).default(limits.gedcomMaxBytes),
  TREE_MAX_MEMBERS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(limits.membersPerTree),
  STORAGE_QUOTA_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .default(5 * 1024 * 1024 * 1024),
  // A zip without ZIP64 ends at 4 GiB: the export writes none larger, the import reads none larger.
  IMPORT_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(4 * 1024 * 1024 * 1024 - 1)
    .default(4 * 1024 * 1024 * 1024 - 1),
  // Archives received and being read at once, all people together: each waits on disk meanwhile.
  IMPORT_WAITING_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .default(8 * 1024 * 1024 * 1024),
  IMPORT_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(3600),
  JOB_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64).default(2),
  JOB_EXPIRY_GRACE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(0).default(60),
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(60),
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0.5, { error: 'must be 0.5 or more' }).max(600).default(2),
  GEDCOM_IMPORT_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(1800),
  GEDCOM_READ_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(120),
  GEDCOM_READER_MEMORY_MB: z.coerce.number({ error: 'must be a number' }).int().min(64).default(2048),
  GEDCOM_READERS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64).default(2),
  GEDCOM_WRITERS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(64).default(2),
  GEDCOM_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(30),
  MAX_UNFINISHED_UPLOADS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(20),
  UPLOAD_EXPIRY_HOURS: z.coerce.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }).default(24),
  UPLOAD_SESSION_RECHECK_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(60, { error: 'must be 60 or less' }).default(5),
  CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10),
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(3),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.org' })
    .optional(),
  SMTP_FROM: z.string().min(3).optional(),
  WEB_ROOT: z.string().optional(),
  AI_PROVIDER: z.enum(['gemini', 'openai', 'guided'], { error: 'must be gemini, openai or guided' }).optional(),
  AI_MODEL: z.string().min(1).optional(),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_BASE_URL: z.url({ error: 'must be an absolute URL' }).default('https://generativelanguage.googleapis.com'),
  OPENAI_BASE_URL: z.url({ error: 'must be an absolute URL such as http://localhost:11434/v1' }).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  AI_RATE_LIMIT_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(120),
  AI_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).default(90),
  FACT_LISTENING: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  AI_BUDGET_CHARS_PER_HOUR: z.coerce.number({ error: 'must be a number' }).int().min(1).default(2_000_000),
  AI_BUDGET_CHARS_PER_DAY: z.coerce.number({ error: 'must be a number' }).int().min(1).default(10_000_000),
  AI_PERSON_SHARE: z.coerce
    .number({ error: 'must be a number' })
    .gt(0, { error: 'must be more than 0' })
    .max(1, { error: 'must be 1 or less (1: no share of their own)' })
    .default(0.25),
})
