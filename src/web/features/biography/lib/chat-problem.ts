import type { TFunction } from 'i18next'
import type { BiographyChatEvent } from '../../../../shared/contracts/biography.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText, fieldErrorText } from '../../../lib/error-text.ts'

type ReplyErrorCode = Extract<BiographyChatEvent, { event: 'error' }>['data']['code']

/** Why a message got no reply: the assistant failed (`reply`), or the request was refused (`request`). */
export type ChatProblem = { type: 'reply'; code: ReplyErrorCode } | { type: 'request'; error: unknown }

const replyErrorKeys: Record<ReplyErrorCode, string> = {
  ai_blocked: 'chat.errors.aiBlocked',
  ai_invalid_key: 'chat.errors.aiInvalidKey',
  ai_unavailable: 'chat.errors.aiUnavailable',
  upstream_failed: 'chat.errors.other',
}

/**
 * What Cronos says when a message got no reply (spec §8 "AI replies shown in chat"): the safety
 * block, the invalid key, or the general apology; a refused request (too many messages, signed
 * out, offline) says why in the words of the errors catalogue.
 */
export function chatProblemText(t: TFunction<'biography'>, problem: ChatProblem): string {
  if (problem.type === 'reply') return t(replyErrorKeys[problem.code])
  const { error } = problem
  if (!(error instanceof ApiError) || error.code === 'internal') return t('chat.errors.other')
  return fieldErrorText(t as TFunction, error, 'message') ?? errorText(t as TFunction, error)
}
