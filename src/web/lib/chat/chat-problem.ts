import type { TFunction } from 'i18next'
import type { ChatReplyErrorCode } from '../../../shared/contracts/chat.ts'
import { ApiError } from '../api-client.ts'
import { errorText, fieldErrorText } from '../error-text.ts'

/** Why a message got no reply: the assistant failed (`reply`), or the request was refused (`request`). */
export type ChatProblem = { type: 'reply'; code: ChatReplyErrorCode } | { type: 'request'; error: unknown }

const replyErrorKeys: Record<ChatReplyErrorCode, string> = {
  ai_blocked: 'errors.aiBlocked',
  ai_invalid_key: 'errors.aiInvalidKey',
  ai_unavailable: 'errors.aiUnavailable',
  upstream_failed: 'errors.other',
}

/** A persona's own words for some failures (the interview has its own apology). */
export type ReplyErrorTexts = Partial<Record<ChatReplyErrorCode, string>>

/**
 * What the persona says when a message got no reply (docs/product.md#chat): the
 * safety block, the invalid key, or the general apology, unless the persona has its own words
 * (`own`); a refused request (too many messages, signed out, offline) says why in the words of
 * the errors catalogue.
 */
export function chatProblemText(t: TFunction<'chat'>, problem: ChatProblem, own: ReplyErrorTexts = {}): string {
  if (problem.type === 'reply') return own[problem.code] ?? t(replyErrorKeys[problem.code])
  const { error } = problem
  if (!(error instanceof ApiError) || error.code === 'internal') return own.upstream_failed ?? t('errors.other')
  return fieldErrorText(t as TFunction, error, 'message') ?? errorText(t as TFunction, error)
}
