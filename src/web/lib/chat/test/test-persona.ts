import { z } from 'zod'
import { chatStreamEventsWith, type ChatStreamEventOf } from '../../../../shared/contracts/chat.ts'

// A persona of the tests' own, shaped like a feature's (Ana's saved session, Cronos' memory): the
// kit is tested once through it, so its tests depend on no feature.

export const testPersona = 'Ana'
export const testChatUrl = '/api/test/chat'
export const testOpening = 'Hola, soy Ana. ¿De quién hablamos hoy?'

/** What this persona's finished exchange saves: a session id, or null when it was not saved. */
export const testChatEvents = chatStreamEventsWith({ sessionId: z.string().nullable() })
export type TestChatEvent = ChatStreamEventOf<typeof testChatEvents>
