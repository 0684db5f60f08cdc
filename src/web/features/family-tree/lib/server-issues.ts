import type { UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../../lib/api-client.ts'
import { issueMessage } from './issue-message.ts'
import { memberFieldNames, type MemberFieldName, type MemberFormValues } from './member-form-schema.ts'

/** Whether the form currently shows `field` (the relationship hides for the owner, the death date for the living). */
function isShown(field: string, values: MemberFormValues): field is MemberFieldName {
  if (!(memberFieldNames as readonly string[]).includes(field)) return false
  if (field === 'relationshipToOwner') return !values.isSelf
  if (field === 'deathDate' || field === 'deathPlace') return values.isDeceased
  if (field === 'unions') return false
  if (field === 'parentKinds') return values.parentMemberIds.length > 0
  if (field === 'childKinds') return values.childrenMemberIds.length > 0
  return true
}

/**
 * Puts the field issues of a `validation_failed` answer beside their fields (the first one
 * receives focus) and returns the messages of those no visible field can hold, for the banner.
 * A path inside a list (`parentMemberIds.1`) belongs to the list; a marriage's date, place or notes to its input.
 */
export function placeServerIssues(error: unknown, values: MemberFormValues, setError: UseFormSetError<MemberFormValues>): string[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return []
  const placed = new Set<string>()
  const unplaced: string[] = []
  for (const issue of error.details) {
    const message = issueMessage(issue.code, issue.params)
    // A marriage's own field (`unions.1.divorceDate`) has its own input.
    const marriage = /^unions\.(\d+)\.(marriageDate|marriagePlace|divorceDate|divorcePlace|notes)$/.exec(issue.path)
    if (marriage && values.unions[Number(marriage[1])]?.spouseId) {
      setError(issue.path as `unions.${number}.marriageDate`, { type: 'server', message }, { shouldFocus: placed.size === 0 })
      placed.add(issue.path)
      continue
    }
    // The kinds are sent as `parentLinks` and `childLinks`; the form holds them as `parentKinds` and `childKinds`.
    const head = issue.path.split('.')[0] ?? ''
    const field = head === 'parentLinks' ? 'parentKinds' : head === 'childLinks' ? 'childKinds' : head
    if (!isShown(field, values)) {
      if (!unplaced.includes(message)) unplaced.push(message)
      continue
    }
    if (placed.has(field)) continue
    setError(field, { type: 'server', message }, { shouldFocus: placed.size === 0 })
    placed.add(field)
  }
  return unplaced
}
