import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { genderLabelKey } from '../lib/gender-label.ts'
import type { ConflictField } from '../lib/member-conflict.ts'
import type { MemberFormValues } from '../lib/member-form-schema.ts'
import { memberName } from '../lib/member-name.ts'

/** The labels the form gives each field; the lists of relatives are named by their heading. */
const labelKey: Record<ConflictField, string> = {
  firstName: 'form.firstName',
  lastName: 'form.lastName',
  relationshipToOwner: 'form.relationship',
  isSelf: 'form.isSelf',
  isDeceased: 'form.isDeceased',
  birthDate: 'form.birthDate',
  birthPlace: 'form.birthPlace',
  deathDate: 'form.deathDate',
  deathPlace: 'form.deathPlace',
  gender: 'form.gender',
  bioSummary: 'form.bioSummary',
  keyLifeEvents: 'form.keyLifeEvents',
  notes: 'form.notes',
  parents: 'form.parents',
  spouses: 'form.spouses',
  children: 'form.children',
}

/** A field's value as a sentence can quote it: names for relatives, «sí» or «no» for a checkbox. */
function valueText(t: TFunction<'family-tree'>, field: ConflictField, values: MemberFormValues, membersById: ReadonlyMap<string, Member>): string {
  const nameOf = (id: string) => {
    const member = membersById.get(id)
    return member ? memberName(member) : t('conflict.someone')
  }
  const list = (items: string[]) => items.filter(Boolean).join(', ')
  let text: string
  switch (field) {
    case 'isSelf':
    case 'isDeceased':
      return values[field] ? t('conflict.yes') : t('conflict.no')
    case 'gender':
      return t(genderLabelKey[values.gender ?? ''])
    case 'keyLifeEvents':
      text = list(values.keyLifeEvents.split('\n').map((line) => line.trim()))
      break
    case 'parents':
      text = list(values.parentMemberIds.map(nameOf))
      break
    case 'children':
      text = list(values.childrenMemberIds.map(nameOf))
      break
    case 'spouses':
      text = list(
        values.spouseMemberIds.map((id) => {
          const union = values.unions.find((u) => u.spouseId === id)
          const details = list([union?.marriageDate ?? '', union?.marriagePlace ?? '', union?.divorceDate ?? '', union?.divorcePlace ?? ''].map((part) => part.trim()))
          return details ? t('conflict.marriage', { name: nameOf(id), details }) : nameOf(id)
        }),
      )
      break
    default:
      text = values[field].trim()
  }
  return text ? `«${text}»` : t('conflict.empty')
}

interface ConflictNoticeProps {
  name: string
  changes: readonly ConflictField[]
  opened: MemberFormValues
  stored: MemberFormValues
  membersById: ReadonlyMap<string, Member>
  onLoad: () => void
}

/**
 * Someone saved this person while the form was open: says what they changed, from what to what,
 * that nothing typed here is lost, and offers to bring their changes into the form. Announced and
 * focused as it appears, so a screen reader and the keyboard are where the news is.
 */
export function ConflictNotice({ name, changes, opened, stored, membersById, onLoad }: ConflictNoticeProps) {
  const { t } = useTranslation('family-tree')
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [stored])
  return (
    <div ref={ref} className="banner banner-error member-conflict" role="alert" tabIndex={-1}>
      <p className="member-conflict-heading">{changes.length > 0 ? t('conflict.heading', { name }) : t('conflict.headingNothingShown', { name })}</p>
      {changes.length > 0 && (
        <ul className="member-conflict-changes">
          {changes.map((field) => (
            <li key={field}>
              {t('conflict.change', {
                field: t(labelKey[field]),
                before: valueText(t, field, opened, membersById),
                after: valueText(t, field, stored, membersById),
              })}
            </li>
          ))}
        </ul>
      )}
      <p>{t('conflict.nothingLost')}</p>
      <button type="button" className="button button-primary" onClick={onLoad}>
        {t('conflict.load')}
      </button>
    </div>
  )
}

interface TypedNoteProps {
  replaced: readonly ConflictField[]
  typed: MemberFormValues
  membersById: ReadonlyMap<string, Member>
}

/** After the changes were loaded: what the person had typed where the other change won, so they can write it again. */
export function TypedNote({ replaced, typed, membersById }: TypedNoteProps) {
  const { t } = useTranslation('family-tree')
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div ref={ref} className="banner banner-info member-conflict" role="status" tabIndex={-1}>
      <p className="member-conflict-heading">{t('conflict.loaded')}</p>
      {replaced.length > 0 && (
        <>
          <p>{t('conflict.youTyped')}</p>
          <ul className="member-conflict-changes">
            {replaced.map((field) => (
              <li key={field}>{t('conflict.typed', { field: t(labelKey[field]), value: valueText(t, field, typed, membersById) })}</li>
            ))}
          </ul>
        </>
      )}
      <p>{t('conflict.saveAgain')}</p>
    </div>
  )
}
