import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('runs embedded with no settings at all: SQLite in ./data on port 3000', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, host: 'localhost', dataDir: path.resolve('data'), ai: { provider: 'guided' }, maxUploadBytes: 5_242_880 })
    expect(config.storage).toEqual({ kind: 'local', dir: path.resolve('data/media') })
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/legado.db') })
  })

  it('switches to PostgreSQL for a postgres URL, with an optional schema', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/legado', DATABASE_SCHEMA: 'family', AUTH_SECRET: 'x'.repeat(32) })
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/legado', schema: 'family' })
  })

  it('requires a shared AUTH_SECRET where several instances may run (PostgreSQL or Redis), of at least 32 characters', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/legado' })).toThrow(/AUTH_SECRET: required with DATABASE_URL or REDIS_URL/)
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379' })).toThrow(/AUTH_SECRET: required with DATABASE_URL or REDIS_URL/)
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379', AUTH_SECRET: 'x'.repeat(31) })).toThrow(/AUTH_SECRET: must be at least 32 characters/)
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', AUTH_SECRET: 'x'.repeat(32) }).authSecret).toBe('x'.repeat(32))
    expect(loadConfig({}).authSecret).toBeUndefined()
  })

  it('fails fast naming every bad key', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short', REDIS_URL: 'http://x', TRUST_PROXY: 'maybe' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const keys = (error as ConfigError).issues.map((issue) => issue.split(':')[0]).sort()
    expect(keys).toEqual(['AUTH_SECRET', 'DATABASE_URL', 'PORT', 'REDIS_URL', 'TRUST_PROXY'])
    expect((error as ConfigError).message).toContain('PORT: must be a number')
  })

  it('configures S3 storage, and names what S3 lacks', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'family',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    })
    expect(config.storage).toEqual({
      kind: 's3',
      s3: { bucket: 'family', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } },
    })
    expect(() => loadConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_BUCKET: required when STORAGE=s3[\s\S]*S3_ACCESS_KEY_ID: set both/)
  })

  it('uses the guided mode unless a provider is configured, and names what a provider lacks', () => {
    expect(loadConfig({ GEMINI_API_KEY: 'k' }).ai).toEqual({ provider: 'gemini', apiKey: 'k', baseUrl: 'https://generativelanguage.googleapis.com', model: 'gemini-2.5-flash' })
    expect(loadConfig({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'k', GEMINI_BASE_URL: 'http://127.0.0.1:9/', AI_MODEL: 'gemini-1.5-flash-latest' }).ai).toMatchObject({
      baseUrl: 'http://127.0.0.1:9',
      model: 'gemini-1.5-flash-latest',
    })
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.2' }).ai).toEqual({
      provider: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.2',
    })
    expect(loadConfig({ AI_PROVIDER: 'guided', GEMINI_API_KEY: 'k' }).ai).toEqual({ provider: 'guided' })
    expect(() => loadConfig({ AI_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY: required when AI_PROVIDER=gemini/)
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(/OPENAI_BASE_URL: required/)
    expect(() => loadConfig({ AI_PROVIDER: 'claude' })).toThrow(/AI_PROVIDER: must be gemini, openai or guided/)
  })

  it('keeps unfinished uploads a day unless told otherwise', () => {
    expect(loadConfig({}).uploadExpiryMs).toBe(24 * 60 * 60 * 1000)
    expect(loadConfig({ UPLOAD_EXPIRY_HOURS: '0.5' }).uploadExpiryMs).toBe(30 * 60 * 1000)
    expect(() => loadConfig({ UPLOAD_EXPIRY_HOURS: '0' })).toThrow(/UPLOAD_EXPIRY_HOURS: must be more than 0/)
  })

  it('mails reset links only with SMTP_URL and the public address they point at', () => {
    expect(loadConfig({}).mail).toBeUndefined()
    expect(loadConfig({ SMTP_URL: 'smtps://legado:clave@mail.example.org', PUBLIC_URL: 'https://legado.example.org/' }).mail).toEqual({
      smtpUrl: 'smtps://legado:clave@mail.example.org',
      from: 'Legado <legado@legado.example.org>',
    })
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'Familia <familia@example.org>', PUBLIC_URL: 'http://casa.lan:3000' }).mail?.from).toBe(
      'Familia <familia@example.org>',
    )
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/PUBLIC_URL: required with SMTP_URL/)
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org', PUBLIC_URL: 'https://legado.example.org' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/)
    expect(() => loadConfig({ SMTP_FROM: 'Familia <familia@example.org>' })).toThrow(/SMTP_FROM: only applies with SMTP_URL/)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' })).toMatchObject({ port: 3000, redisUrl: undefined })
  })
})
