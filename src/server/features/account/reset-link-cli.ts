import { emailSchema } from '../../../shared/contracts/common.ts'
import { ConfigError, loadConfig, publicOrigin } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { migrateToLatest } from '../../db/migrate.ts'
import { resolveAuthSecret } from '../../lib/auth-secret.ts'
import { createAuth, resetLinkLifetimeSeconds } from './account.auth.ts'
import { resetLink } from './password-reset.service.ts'

/**
 * `npm run reset-link -- <email>`: prints a one-time link that lets the account of `email` choose
 * a new password, for the operator to hand over in person (docs/product.md#forgotten-password).
 * The link goes to standard output and nowhere else; exits 1 when no account has that e-mail.
 */
async function main() {
  const email = emailSchema.safeParse(process.argv[2] ?? '')
  if (!email.success) {
    console.error('Usage: npm run reset-link -- <e-mail of the account>')
    process.exitCode = 1
    return
  }
  const config = loadConfig()
  const database = await openDatabase(config.database)
  try {
    await migrateToLatest(database.raw, database.schema)
    let token: string | undefined
    const auth = createAuth({
      raw: database.raw,
      dialect: database.dialect,
      secret: resolveAuthSecret(config.authSecret, config.dataDir),
      baseURL: publicOrigin(config),
      log: (level, message) => console.warn(`${level}: ${message}`),
      onResetToken: async (_user, made) => void (token = made),
    })
    // better-auth answers an unknown e-mail as a known one (as the public request must); the operator is told.
    if (!(await (await auth.$context).internalAdapter.findUserByEmail(email.data))) {
      console.error(`No account has the e-mail ${email.data}.`)
      process.exitCode = 1
      return
    }
    await auth.api.requestPasswordReset({ body: { email: email.data } })
    if (!token) throw new Error('better-auth made no reset token')
    process.stdout.write(`${resetLink(publicOrigin(config), token)}\n`)
    console.warn(`Give this link to the person whose e-mail is ${email.data}: it works once, within ${resetLinkLifetimeSeconds / 60} minutes.`)
  } finally {
    await database.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
