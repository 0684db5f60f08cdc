import type { TFunction } from 'i18next'
import { ApiError } from '../../../lib/api-client.ts'
import type { TellProblem } from '../../../lib/chat/use-tell.ts'
import { errorText } from '../../../lib/error-text.ts'

/** No model answers here (the guided mode): the page explains how to turn one on instead of an error. */
export function isAiUnavailable(problem: TellProblem | null): boolean {
  if (!problem) return false
  if (problem.type === 'reply') return problem.code === 'ai_unavailable'
  return problem.type === 'request' && problem.error instanceof ApiError && problem.error.code === 'ai_unavailable'
}

/** A tab's own words for what went wrong: its "could not" sentence, a safety block, the invalid-key message. */
export interface LabProblemWords {
  failed: string
  blocked: string
}

/**
 * Why a variation or a reading did not come: the safety block, the invalid key (docs/product.md#chat), a
 * refused request in the errors catalogue's words (too many requests, signed out, offline), and
 * otherwise the tab's "could not … try again".
 */
export function labProblemText(t: TFunction<'ai-lab'>, problem: TellProblem, words: LabProblemWords): string {
  if (problem.type === 'interrupted') return words.failed
  if (problem.type === 'reply') {
    if (problem.code === 'ai_blocked') return words.blocked
    if (problem.code === 'ai_invalid_key') return t('memory.invalidKey')
    return words.failed
  }
  const { error } = problem
  if (!(error instanceof ApiError)) return words.failed
  if (error.code === 'ai_blocked') return words.blocked
  if (error.code === 'ai_invalid_key') return t('memory.invalidKey')
  if (error.code === 'internal' || error.code === 'upstream_failed' || error.code === 'validation_failed') return words.failed
  return errorText(t as TFunction, error)
}
