import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { keepDataPrivate } from './lib/private-files.ts'

/** Where `npm run build` puts the web app, relative to this file in src/ or in dist/server/. */
function defaultWebRoot(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url))
  return [path.resolve(here, '../../web'), path.resolve(here, '../../dist/web')].find((dir) => existsSync(path.join(dir, 'index.html')))
}

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const { tightened } = keepDataPrivate(config.dataDir)
  const app = await buildApp({ ...config, webRoot: config.webRoot ?? defaultWebRoot() })
  // The pages only say the assistant works in guided mode here; the operator learns how to change that from this line.
  if (config.ai.provider === 'guided')
    app.log.info('AI: guided mode (prepared questions, no model). Set GEMINI_API_KEY, or OPENAI_BASE_URL and AI_MODEL, to turn a model on (README, Settings)')
  else app.log.info({ provider: config.ai.provider, model: config.ai.model }, 'AI: answering with a model')
  if (tightened) app.log.warn({ dataDir: config.dataDir }, 'the data folder was readable by other users of this machine: it is now for this user alone (0700)')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // In-flight requests finish; a hung one cannot keep the process alive for ever.
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
