import { ApiError } from '../../../lib/api-client.ts'

/** Why the interview page cannot show an interview (docs/product.md#interview), or that it is still loading. */
export type InterviewProblemKind = 'loading' | 'noMember' | 'noTree' | 'notFound' | 'self' | 'unreachable' | 'loadFailed'

/**
 * What a failed load means to the person: the server or its database out of reach (no answer, 500,
 * 503), a relative who is not in their tree, no tree at all yet, themself (their story is Cronos'), or a plain failure.
 */
export function problemOfError(error: unknown): Extract<InterviewProblemKind, 'unreachable' | 'noTree' | 'notFound' | 'self' | 'loadFailed'> {
  if (!(error instanceof ApiError)) return 'loadFailed'
  if (error.code === 'network_error' || error.status === 500 || error.status === 503) return 'unreachable'
  if (error.code === 'interview.self_member') return 'self'
  if (error.code === 'family_tree.no_tree') return 'noTree'
  if (error.code === 'not_found') return 'notFound'
  return 'loadFailed'
}
