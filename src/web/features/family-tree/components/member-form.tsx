import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { memberSchema, type CreateMember, type Member, type Union } from '../../../../shared/contracts/family-tree.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useFetchFreshMember } from '../api/family-tree-queries.ts'
import { useTreePeople } from '../lib/tree-people.ts'
import { failureText } from '../lib/failure-text.ts'
import { issueText } from '../lib/issue-message.ts'
import { changedFields, loadStoredChanges, type ConflictField } from '../lib/member-conflict.ts'
import { memberName } from '../lib/member-name.ts'
import { memberFormSchema, type MemberFormOutput, type MemberFormValues } from '../lib/member-form-schema.ts'
import { emptyMemberValues, memberBody, memberFormValues } from '../lib/member-form-values.ts'
import { placeServerIssues } from '../lib/server-issues.ts'
import { ConflictNotice, TypedNote } from './member-conflict.tsx'
import { MemberIdentityFields } from './member-identity-fields.tsx'
import { MemberLifeFields } from './member-life-fields.tsx'
import { MemberRelationFields } from './member-relation-fields.tsx'
import './member-form.css'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

interface MemberFormProps {
  /** Everyone in the tree, to choose relatives among and to know who already is the owner. */
  members: readonly Member[]
  /** The member being edited; none when adding a new one. */
  member?: Member
  submitLabel: string
  /**
   * Saves the checked values; an edit carries the `updatedAt` of the version it was opened on. A
   * rejection keeps everything typed and shows why it failed; a 409 with the member as stored now
   * shows what someone else changed meanwhile.
   */
  onSubmit: (body: CreateMember & { expectedUpdatedAt?: string }) => Promise<unknown>
  onCancel: () => void
  /** First values of a new member (a mother added from the chart comes already linked). */
  initialValues?: Partial<MemberFormValues>
  /** Id of the heading that names the form. */
  labelledBy?: string
  id?: string
  /** The unions read with `member` (their marriages); without them, those the page knows. */
  unions?: readonly Union[]
  /** The card's own facts only (its person, linked, who does not edit the tree): no links to others. */
  isFactsOnly?: boolean
}

/**
 * The inline add/edit form of a family member (docs/product.md#family-tree). It opens with the cursor in the first
 * field; the rules the browser can check are checked before anything is sent.
 */
export function MemberForm({ members, member, unions: ownUnions, submitLabel, onSubmit, onCancel, initialValues, labelledBy, id, isFactsOnly = false }: MemberFormProps) {
  const { t, i18n } = useTranslation('family-tree')
  const language = uiLanguageOf(i18n)
  const known = useTreePeople()
  const people = known.people
  const unions = ownUnions ?? known.unions
  const [saveError, setSaveError] = useState<unknown>()
  const [unplacedIssues, setUnplacedIssues] = useState<string[]>([])
  // Dates are read in the page's language, so the schema is made for it.
  const isImported = member !== undefined && member.sourceId !== null
  const schema = useMemo(() => memberFormSchema(language, { isImported }), [language, isImported])
  // Worked out once: the form keeps its first values, and a large tree has thousands to look through.
  const [defaultValues] = useState(() =>
    member
      ? memberFormValues(member, unions, language, people.size === 0 ? new Map(members.map((other) => [other.memberId, other])) : people)
      : { ...emptyMemberValues, ...initialValues },
  )
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({ resolver: zodResolver(schema), defaultValues })
  const { handleSubmit, setError, setFocus, getValues, reset } = form
  const { isSubmitting } = form.formState
  const fetchFreshMember = useFetchFreshMember()
  // The version the form shows: the one it was opened on, or the one loaded after someone else's change.
  const [opened, setOpened] = useState(() => member && { member, values: defaultValues })
  const [conflict, setConflict] = useState<{ member: Member; values: MemberFormValues; changes: ConflictField[]; membersById: ReadonlyMap<string, Member> }>()
  const [typedNote, setTypedNote] = useState<{ replaced: ConflictField[]; typed: MemberFormValues; membersById: ReadonlyMap<string, Member> }>()

  useEffect(() => {
    setFocus('firstName')
  }, [setFocus])

  async function save(values: MemberFormOutput) {
    setSaveError(undefined)
    setUnplacedIssues([])
    try {
      await onSubmit({ ...memberBody(values, language), ...(opened ? { expectedUpdatedAt: opened.member.updatedAt } : {}) })
    } catch (error) {
      const stored = error instanceof ApiError && error.code === 'conflict' && opened ? memberSchema.safeParse(error.current).data : undefined
      if (stored && opened) {
        await showConflict(stored, opened.values)
        return
      }
      setSaveError(error)
      setUnplacedIssues(placeServerIssues(error, getValues(), setError))
    }
  }

  /** Compares the version the form was opened on with the one stored now, in the form's own terms. */
  async function showConflict(stored: Member, openedValues: MemberFormValues) {
    // The answer holds the member; their marriages and their relatives as they are now are read with them.
    const fresh = await fetchFreshMember(stored.memberId).catch(() => undefined)
    const byId = new Map<string, Member>((fresh?.members ?? []).map((other) => [other.memberId, other]))
    for (const id of [
      ...stored.parentMemberIds,
      ...stored.spouseMemberIds,
      ...stored.childrenMemberIds,
      ...openedValues.parentMemberIds,
      ...openedValues.spouseMemberIds,
      ...openedValues.childrenMemberIds,
    ]) {
      const other = byId.get(id) ?? people.get(id) ?? members.find((one) => one.memberId === id)
      if (other) byId.set(id, other)
    }
    const values = memberFormValues(stored, fresh?.unions ?? unions, language, byId)
    setTypedNote(undefined)
    setConflict({ member: stored, values, changes: changedFields(openedValues, values), membersById: byId })
  }

  function handleLoadChanges() {
    if (!conflict || !opened) return
    const typed = getValues()
    const { values, replaced } = loadStoredChanges(typed, opened.values, conflict.values)
    reset(values)
    setOpened({ member: conflict.member, values: conflict.values })
    setTypedNote({ replaced, typed, membersById: conflict.membersById })
    setConflict(undefined)
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    if (isSubmitting) {
      event.preventDefault()
      return
    }
    void handleSubmit(save, () => setSaveError(undefined))(event)
  }

  return (
    <form id={id} className="member-form" noValidate aria-labelledby={labelledBy} aria-busy={isSubmitting} onSubmit={handleFormSubmit}>
      <MemberIdentityFields form={form} members={members} memberId={member?.memberId} isImported={isImported} isFactsOnly={isFactsOnly} />
      <MemberLifeFields form={form} />
      {!isFactsOnly && <MemberRelationFields form={form} members={members} memberId={member?.memberId} />}
      {conflict && opened && (
        <ConflictNotice
          name={memberName(conflict.member)}
          changes={conflict.changes}
          opened={opened.values}
          stored={conflict.values}
          membersById={conflict.membersById}
          onLoad={handleLoadChanges}
        />
      )}
      {typedNote && <TypedNote {...typedNote} />}
      {saveError !== undefined && (
        <ErrorBanner>
          <p className="member-form-failure">{failureText(t, saveError, 'form.saveFailed')}</p>
          {unplacedIssues.length > 0 && (
            <ul className="member-form-issues">
              {unplacedIssues.map((message) => (
                <li key={message}>{issueText(t, message)}</li>
              ))}
            </ul>
          )}
        </ErrorBanner>
      )}
      <FormActions
        className="member-form-actions"
        isSubmitting={isSubmitting}
        submitLabel={submitLabel}
        submittingLabel={t('form.saving')}
        cancelLabel={t('form.cancel')}
        onCancel={onCancel}
      />
    </form>
  )
}
