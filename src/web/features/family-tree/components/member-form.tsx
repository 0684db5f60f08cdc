import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { CreateMember, Member } from '../../../../shared/contracts/family-tree.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { FormActions } from '../../../components/ui/form-actions.tsx'
import { useFamilyTree } from '../api/family-tree-queries.ts'
import { failureText } from '../lib/failure-text.ts'
import { issueText } from '../lib/issue-message.ts'
import { memberFormSchema, type MemberFormOutput, type MemberFormValues } from '../lib/member-form-schema.ts'
import { emptyMemberValues, memberBody, memberFormValues } from '../lib/member-form-values.ts'
import { placeServerIssues } from '../lib/server-issues.ts'
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
  /** Saves the checked values. A rejection keeps everything typed and shows why it failed. */
  onSubmit: (body: CreateMember) => Promise<unknown>
  onCancel: () => void
  /** First values of a new member (a mother added from the chart comes already linked). */
  initialValues?: Partial<MemberFormValues>
  /** Id of the heading that names the form. */
  labelledBy?: string
  id?: string
}

/**
 * The inline add/edit form of a family member (docs/product.md#family-tree). It opens with the cursor in the first
 * field; the rules the browser can check are checked before anything is sent.
 */
export function MemberForm({ members, member, submitLabel, onSubmit, onCancel, initialValues, labelledBy, id }: MemberFormProps) {
  const { t, i18n } = useTranslation('family-tree')
  const language = uiLanguageOf(i18n)
  const unions = useFamilyTree().data?.unions
  const [saveError, setSaveError] = useState<unknown>()
  const [unplacedIssues, setUnplacedIssues] = useState<string[]>([])
  // Dates are read in the page's language, so the schema is made for it.
  const isImported = member !== undefined && member.sourceId !== null
  const schema = useMemo(() => memberFormSchema(language, { isImported }), [language, isImported])
  // Worked out once: the form keeps its first values, and a large tree has thousands to look through.
  const [defaultValues] = useState(() =>
    member ? memberFormValues(member, unions ?? [], language, new Map(members.map((other) => [other.memberId, other]))) : { ...emptyMemberValues, ...initialValues },
  )
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({ resolver: zodResolver(schema), defaultValues })
  const { handleSubmit, setError, setFocus, getValues } = form
  const { isSubmitting } = form.formState

  useEffect(() => {
    setFocus('firstName')
  }, [setFocus])

  async function save(values: MemberFormOutput) {
    setSaveError(undefined)
    setUnplacedIssues([])
    try {
      await onSubmit(memberBody(values, language))
    } catch (error) {
      setSaveError(error)
      setUnplacedIssues(placeServerIssues(error, getValues(), setError))
    }
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
      <MemberIdentityFields form={form} members={members} memberId={member?.memberId} isImported={isImported} />
      <MemberLifeFields form={form} />
      <MemberRelationFields form={form} members={members} memberId={member?.memberId} />
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
