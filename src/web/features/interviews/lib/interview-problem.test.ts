import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client.ts'
import { problemOfError } from './interview-problem.ts'

describe('problemOfError', () => {
  it.each([
    [new ApiError(0, 'network_error', 'offline'), 'unreachable'],
    [new ApiError(500, 'internal', 'db down'), 'unreachable'],
    [new ApiError(503, 'ai_unavailable', 'db down'), 'unreachable'],
    [new ApiError(404, 'not_found', 'nope'), 'notFound'],
    [new ApiError(404, 'family_tree.no_tree', 'no tree'), 'noTree'],
    [new ApiError(409, 'interview.self_member', 'self'), 'self'],
    [new ApiError(400, 'validation_failed', 'bad'), 'loadFailed'],
    [new ApiError(502, 'upstream_failed', 'proxy'), 'loadFailed'],
    [new Error('parse'), 'loadFailed'],
  ])('reads %o as %s', (error, problem) => {
    expect(problemOfError(error)).toBe(problem)
  })
})
