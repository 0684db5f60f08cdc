import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FactProposal, FactValue } from '../../../../shared/contracts/facts.ts'
import { isRelativeFactKind } from '../../../../shared/facts/index.ts'
import { ErrorBanner } from '../../../components/ui/banner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { useAcceptFact, useDismissFact, useRefreshFacts } from '../api/fact-queries.ts'
import { factSentence, factValueText, type FactSubject } from '../lib/fact-words.ts'
import { toldByText } from '../lib/source-words.ts'
import { FactEditForm } from './fact-edit-form.tsx'
import { FactRecording } from './fact-recording.tsx'

export type FactDecision = 'accepted' | 'dismissed'

interface HeardFactItemProps {
  proposal: FactProposal
  subject: FactSubject
  /** How the page names whom the fact is about («Aurora»). */
  subjectName: string
  readerUserId: string | undefined
  /** Without it the fact is only read: Accept, Correct and Dismiss are for those who edit the tree. */
  mayDecide: boolean
  /** Accepting changed the tree: the page reads the member and the tree again. */
  onTreeChanged: (memberIds: string[]) => unknown
  /** The proposal left the list; `fact` is it in words, for the announcement. */
  onDecided: (decision: FactDecision, fact: string) => void
}

/**
 * One fact heard and waiting: the fact in words, the words it came from with who told them and
 * their recording, and Accept / Correct / Dismiss. A fact that says otherwise than the tree shows
 * both and asks which to keep: nothing in the tree is ever overwritten without that choice.
 */
export function HeardFactItem({ proposal, subject, subjectName, readerUserId, mayDecide, onTreeChanged, onDecided }: HeardFactItemProps) {
  const { t } = useTranslation('facts')
  const language = useUiLanguage()
  const accept = useAcceptFact({ onTreeChanged })
  const dismiss = useDismissFact()
  const refreshFacts = useRefreshFacts()
  const [isEditing, setIsEditing] = useState(false)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const fact = factSentence(t, proposal, subject, language)
  const isContradiction = proposal.current !== null
  const isBusy = accept.isPending || dismiss.isPending

  // The promise, not the mutation's callbacks: a decided fact leaves the list, and so this item,
  // before its callbacks would run, and the panel must still hear of it.
  function handleAccept(value?: FactValue) {
    if (isBusy) return
    dismiss.reset()
    // Over what the tree holds only when the person saw both and chose: the contradiction's own button, or a correction made beside it.
    accept.mutateAsync({ proposal, ...(value === undefined ? {} : { value }), replace: isContradiction }).then(
      // As the tree now holds it: a corrected date comes back in its stored form, said in words.
      (accepted) => onDecided('accepted', factSentence(t, accepted.proposal, subject, language)),
      (error: unknown) => {
        // Someone changed the tree, or decided this very fact, meanwhile: the list says how things stand now.
        if (error instanceof ApiError && (error.code === 'facts.contradicts' || error.code === 'facts.decided')) void refreshFacts(proposal.memberId)
      },
    )
  }

  function handleDismiss() {
    if (isBusy) return
    accept.reset()
    dismiss.mutateAsync(proposal).then(
      () => onDecided('dismissed', fact),
      () => undefined,
    )
  }

  function handleCancelEdit() {
    setIsEditing(false)
    accept.reset()
    // The button that opened the form comes back; the keyboard goes back to it.
    requestAnimationFrame(() => editButtonRef.current?.focus())
  }

  const failure = accept.error ?? dismiss.error
  const failureText = failure ? errorText(t, failure, 'facts:panel.failed') : undefined
  const told = factValueText(proposal.kind, proposal.value, language)

  return (
    <li className="heard-fact">
      <p className="heard-fact-sentence">{fact}</p>
      {isContradiction && proposal.current !== null && (
        <p className="heard-fact-contradiction">
          <span>{t('proposal.inTree', { value: factValueText(proposal.kind, proposal.current, language) })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('proposal.told', { value: told })}</span>
        </p>
      )}
      {isRelativeFactKind(proposal.kind) && <p className="heard-fact-note">{proposal.existingMemberId ? t('proposal.linksExisting') : t('proposal.addsRelative')}</p>}
      <figure className="heard-fact-quote">
        <blockquote aria-label={t('proposal.quoteLabel')}>
          <p>
            <q className="fact-quote">{proposal.quote}</q>
          </p>
        </blockquote>
        <figcaption>{toldByText(t, proposal.source, { readerUserId, subjectName, language })}</figcaption>
      </figure>
      {proposal.source.recordingId && <FactRecording recordingId={proposal.source.recordingId} fact={fact} />}
      {!mayDecide ? null : isEditing ? (
        <FactEditForm
          proposal={proposal}
          fact={fact}
          language={language}
          isSaving={accept.isPending}
          error={accept.isError ? failureText : undefined}
          onSave={handleAccept}
          onCancel={handleCancelEdit}
        />
      ) : (
        <>
          <ErrorBanner>{failureText}</ErrorBanner>
          <div className="fact-actions">
            <button
              type="button"
              className="button button-primary"
              aria-disabled={isBusy}
              aria-label={t(isContradiction ? 'proposal.useToldLabel' : 'proposal.acceptLabel', { fact })}
              onClick={() => handleAccept()}
            >
              {accept.isPending ? t('proposal.saving') : t(isContradiction ? 'proposal.useTold' : 'proposal.accept')}
            </button>
            {isContradiction && (
              <button type="button" className="button" aria-disabled={isBusy} aria-label={t('proposal.keepTreeLabel', { fact })} onClick={handleDismiss}>
                {t('proposal.keepTree')}
              </button>
            )}
            <button
              ref={editButtonRef}
              type="button"
              className="button"
              aria-disabled={isBusy}
              aria-label={t('proposal.editLabel', { fact })}
              onClick={() => {
                if (isBusy) return
                accept.reset()
                setIsEditing(true)
              }}
            >
              {t('proposal.edit')}
            </button>
            {!isContradiction && (
              <button type="button" className="button" aria-disabled={isBusy} aria-label={t('proposal.dismissLabel', { fact })} onClick={handleDismiss}>
                {t('proposal.dismiss')}
              </button>
            )}
          </div>
        </>
      )}
    </li>
  )
}
