// The SMTP server the journeys' second server mails through (started by playwright.config.ts):
// the tests' own real SMTP server, which appends every mail it receives, decoded, as a line of
// JSON to TEST_MAIL_FILE for the journeys to read.
import { appendFileSync } from 'node:fs'
import { startSmtpInbox } from '../src/server/test/smtp-inbox.ts'

const file = process.env.TEST_MAIL_FILE
if (!file) throw new Error('TEST_MAIL_FILE is not set')
const inbox = await startSmtpInbox((mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`), Number(process.env.TEST_MAIL_PORT ?? 3110))
const stop = () => void inbox.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
