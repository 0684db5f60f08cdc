// The fake Gemini the browser journeys talk to through GEMINI_BASE_URL (started by
// playwright.config.ts). It is the tests' own fake, answering every chat with a reply streamed in
// pieces slow enough for the page to show them arriving.
import { startFakeGemini } from '../src/server/test/fake-gemini.ts'
import { fakeGeminiReply } from './fake-gemini-reply.ts'

const port = Number(process.env.FAKE_GEMINI_PORT ?? 3109)
const gemini = await startFakeGemini({ port, behaviour: { kind: 'stream', pieces: fakeGeminiReply, delayMs: 400 } })
const stop = () => void gemini.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
