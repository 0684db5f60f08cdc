import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { invitationDaysMax, type CreatedInvitation, type CreateInvitation } from '../../../../shared/contracts/family-circle.ts'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { isLanguage } from '../../../../shared/limits.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { errorText, fieldErrorText } from '../../../lib/error-text.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useCreateInvitation } from '../api/circle-queries.ts'
import { CentrePicker } from '../chart/centre-picker.tsx'
import { InvitationLink } from './invitation-link.tsx'

const invitedRoles = ['contributor', 'viewer', 'editor'] as const
type InvitedRole = (typeof invitedRoles)[number]
const defaultDays = 14

interface InviteFormProps {
  treeId: string
  /** The tree's people, to say who the invited person is. */
  members: readonly Member[]
  /** The server can mail the link. */
  canMail: boolean
  /** The card the invitation is for, chosen from it («Invitar a esta persona»). */
  initialMemberId?: string
}

/**
 * «Invitar a alguien» (docs/product.md#family-circle): a role in a sentence, optionally who the
 * person is in the tree and their e-mail, and how many days the link works. The new link is shown
 * once, to copy. The member picker may be a search form of its own (a large tree), so it sits
 * beside this form, not in it: the fields join the form by its id.
 */
export function InviteForm({ treeId, members, canMail, initialMemberId }: InviteFormProps) {
  const { t, i18n } = useTranslation(['family-circle', 'errors'])
  const language = uiLanguageOf(i18n)
  const create = useCreateInvitation(treeId)
  const [role, setRole] = useState<InvitedRole>('contributor')
  const [memberId, setMemberId] = useState(() => (initialMemberId && members.some((member) => member.memberId === initialMemberId) ? initialMemberId : ''))
  const [email, setEmail] = useState('')
  const [days, setDays] = useState(String(defaultDays))
  const [created, setCreated] = useState<CreatedInvitation>()
  const formId = useId()
  const headingId = useId()
  const daysNumber = Number(days)
  const isDaysValid = Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= invitationDaysMax
  const [isDaysShown, setIsDaysShown] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isDaysValid) {
      setIsDaysShown(true)
      document.getElementById(`${formId}-days`)?.focus()
      return
    }
    const body: CreateInvitation = { role, expiresInDays: daysNumber, ...(memberId ? { memberId } : {}), ...(canMail && email.trim() ? { email: email.trim() } : {}) }
    if (isLanguage(language)) body.language = language
    try {
      setCreated(await create.mutateAsync(body))
    } catch {
      // Said above the button; what was chosen stays.
    }
  }

  function handleAnother() {
    setCreated(undefined)
    setMemberId('')
    setEmail('')
    create.reset()
  }

  if (created) return <InvitationLink created={created} onAnother={handleAnother} />

  const emailError = fieldErrorText(t, create.error, 'email')
  return (
    <section className="invite-form card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invite.title')}</h2>
      <fieldset className="invite-roles">
        <legend>{t('invite.roleLegend')}</legend>
        {invitedRoles.map((option) => (
          <div key={option} className="invite-role">
            <input
              id={`${formId}-${option}`}
              type="radio"
              name={`${formId}-role`}
              form={formId}
              value={option}
              checked={role === option}
              aria-describedby={`${formId}-${option}-sentence`}
              onChange={() => setRole(option)}
            />
            <label htmlFor={`${formId}-${option}`}>{t(`common:roles.${option}`)}</label>
            <p id={`${formId}-${option}-sentence`} className="hint">
              {t(`invite.roleSentence.${option}`)}
            </p>
          </div>
        ))}
      </fieldset>
      {members.length > 0 && (
        <div className="invite-member">
          <CentrePicker
            members={members}
            centreId={memberId}
            onChoose={setMemberId}
            label={t('invite.who')}
            noneLabel={t('invite.whoNobody')}
            submitLabel={t('invite.whoChoose')}
          />
          <p className="hint">{t('invite.whoHint')}</p>
        </div>
      )}
      {canMail && (
        <div className="field">
          <label htmlFor={`${formId}-email`}>
            {t('invite.email')} <span className="optional">{t('common:form.optional')}</span>
          </label>
          <p id={`${formId}-email-hint`} className="hint">
            {t('invite.emailHint')}
          </p>
          <input
            id={`${formId}-email`}
            type="email"
            form={formId}
            autoComplete="off"
            inputMode="email"
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${formId}-email-hint ${formId}-email-error` : `${formId}-email-hint`}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailError && (
            <p id={`${formId}-email-error`} className="field-error">
              {emailError}
            </p>
          )}
        </div>
      )}
      <div className="field invite-days">
        <label htmlFor={`${formId}-days`}>{t('invite.days')}</label>
        <input
          id={`${formId}-days`}
          type="number"
          form={formId}
          inputMode="numeric"
          min={1}
          max={invitationDaysMax}
          value={days}
          aria-invalid={isDaysShown && !isDaysValid ? true : undefined}
          aria-describedby={isDaysShown && !isDaysValid ? `${formId}-days-error` : undefined}
          onChange={(event) => setDays(event.target.value)}
        />
        {isDaysShown && !isDaysValid && (
          <p id={`${formId}-days-error`} className="field-error">
            {t('invite.daysInvalid', { max: invitationDaysMax })}
          </p>
        )}
      </div>
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <ErrorBanner>{create.isError && !emailError ? `${t('invite.failed')} ${errorText(t, create.error)}` : null}</ErrorBanner>
        <button type="submit" className="button button-primary" aria-disabled={create.isPending}>
          {create.isPending ? t('invite.submitting') : t('invite.submit')}
        </button>
      </form>
    </section>
  )
}
