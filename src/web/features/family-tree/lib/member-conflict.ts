import type { MemberFieldName, MemberFormValues } from './member-form-schema.ts'

// When someone else saved a person while the form was open, the form compares three versions of
// it in the form's own terms: as it was opened, as it is stored now, and as the person typed it.

/** What the conflict message names: one field of the form, or a whole list of relatives. */
export const conflictFields = [
  'firstName',
  'lastName',
  'relationshipToOwner',
  'isSelf',
  'isDeceased',
  'birthDate',
  'birthPlace',
  'deathDate',
  'deathPlace',
  'gender',
  'bioSummary',
  'keyLifeEvents',
  'notes',
  'parents',
  'spouses',
  'children',
] as const
export type ConflictField = (typeof conflictFields)[number]

/** The form values each named field covers: a list of relatives comes with their kinds or marriages. */
const valuesOf: Record<ConflictField, MemberFieldName[]> = {
  ...(Object.fromEntries(conflictFields.map((field) => [field, [field]])) as Record<ConflictField, MemberFieldName[]>),
  parents: ['parentMemberIds', 'parentKinds'],
  spouses: ['spouseMemberIds', 'unions'],
  children: ['childrenMemberIds', 'childKinds'],
}

/** One text for equal values, whatever the order of a list of ids or of an object's keys. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (Array.isArray(inner) && inner.every((item) => typeof item === 'string')) return [...(inner as string[])].sort()
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    return inner
  })
}

export function isSameField(field: ConflictField, a: MemberFormValues, b: MemberFormValues): boolean {
  return valuesOf[field].every((name) => canonical(a[name]) === canonical(b[name]))
}

/** The fields someone else changed between the version the form was opened on and the one stored now. */
export function changedFields(opened: MemberFormValues, stored: MemberFormValues): ConflictField[] {
  return conflictFields.filter((field) => !isSameField(field, opened, stored))
}

/**
 * The form after «Cargar los cambios»: each field someone else changed shows what is stored now,
 * every other field keeps what the person typed. `replaced` names the fields where what they typed
 * gave way (they had changed it too, to something else), so the page can show what it was.
 */
export function loadStoredChanges(typed: MemberFormValues, opened: MemberFormValues, stored: MemberFormValues): { values: MemberFormValues; replaced: ConflictField[] } {
  const values = { ...typed }
  const replaced: ConflictField[] = []
  for (const field of changedFields(opened, stored)) {
    if (!isSameField(field, typed, opened) && !isSameField(field, typed, stored)) replaced.push(field)
    for (const name of valuesOf[field]) Object.assign(values, { [name]: stored[name] })
  }
  return { values, replaced }
}
