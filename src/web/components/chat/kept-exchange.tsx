import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeptExchange } from '../../../shared/contracts/chat.ts'
import { limits } from '../../../shared/limits.ts'
import { errorText, fieldErrorText } from '../../lib/error-text.ts'
import { ErrorBanner } from '../ui/banner.tsx'
import { FormActions } from '../ui/form-actions.tsx'
import { TextAreaField } from '../ui/text-field.tsx'
import { useEditText } from '../ui/use-edit-text.ts'
import { ChatBubble } from './chat-bubble.tsx'
import './kept-exchange.css'

interface KeptExchangeViewProps {
  exchange: KeptExchange
  /** The persona's name: "Cronos", "Ana". */
  persona: string
  /** Under the person's answer: their voice, say. */
  afterAnswer?: ReactNode
  /** Saves the corrected words; without it the answer cannot be corrected here. */
  onCorrect?: (answer: string) => Promise<unknown>
  /** How the page names this exchange (its title, its date), so each button says whose words it changes. */
  name: string
}

/**
 * A kept exchange read as a story (docs/product.md#chat): the question the persona asked, small,
 * above the person's answer, then the persona's reply. The answer's words can be corrected; the
 * first ones stay kept and are shown on request («Ver el texto original»).
 */
export function KeptExchangeView({ exchange, persona, afterAnswer, onCorrect, name }: KeptExchangeViewProps) {
  const { t } = useTranslation('chat')
  const [isOriginalShown, setIsOriginalShown] = useState(false)
  const { isEditing, open, close, editButtonRef, fieldRef, draft, setDraft, problem, isSaving, submit } = useEditText<HTMLTextAreaElement>({
    save: async (answer) => onCorrect?.(answer),
    check: (answer) => (answer === '' ? t('errors:chat.answer_required') : undefined),
    problemOf: (error) => ({ field: fieldErrorText(t, error, 'answer'), banner: errorText(t, error, 'chat:kept.saveFailed') }),
  })
  const originalId = useId()
  const formHeadingId = useId()

  return (
    <div className="kept-exchange" data-testid="kept-exchange">
      {exchange.question && (
        <p className="kept-question" data-testid="kept-question">
          <span className="kept-question-asker">{t('kept.asked', { persona })}</span> {exchange.question}
        </p>
      )}
      <ChatBubble speaker="user" persona={persona}>
        <p className="kept-answer" data-testid="kept-answer">
          {exchange.answer}
        </p>
      </ChatBubble>
      {afterAnswer}
      {exchange.originalAnswer !== null && (
        <div className="kept-original">
          <button
            type="button"
            className="button"
            aria-expanded={isOriginalShown}
            aria-controls={originalId}
            aria-label={isOriginalShown ? t('kept.hideOriginalLabel', { name }) : t('kept.showOriginalLabel', { name })}
            onClick={() => setIsOriginalShown((shown) => !shown)}
          >
            {isOriginalShown ? t('kept.hideOriginal') : t('kept.showOriginal')}
          </button>
          {isOriginalShown && (
            <blockquote id={originalId} className="kept-original-text" aria-label={t('kept.original')}>
              {exchange.originalAnswer}
            </blockquote>
          )}
        </div>
      )}
      {exchange.acknowledgement !== null && (
        <ChatBubble speaker="model" persona={persona}>
          {exchange.acknowledgement}
        </ChatBubble>
      )}
      {onCorrect &&
        (isEditing ? (
          <section className="kept-correct" aria-labelledby={formHeadingId}>
            <p id={formHeadingId} className="kept-correct-heading">
              {t('kept.correctHeading')}
            </p>
            <form noValidate aria-labelledby={formHeadingId} aria-busy={isSaving} onSubmit={(event) => void submit(event)}>
              <TextAreaField
                label={t('kept.answerField')}
                hint={t('kept.answerHint')}
                rows={5}
                required
                maxLength={limits.chatMessageMaxLength}
                value={draft}
                error={problem.field}
                onChange={(event) => setDraft(event.target.value)}
                ref={fieldRef}
              />
              {problem.banner && <ErrorBanner>{problem.banner}</ErrorBanner>}
              <FormActions
                className="kept-correct-actions"
                isSubmitting={isSaving}
                submitLabel={t('kept.save')}
                submittingLabel={t('kept.saving')}
                cancelLabel={t('kept.cancel')}
                onCancel={close}
              />
            </form>
          </section>
        ) : (
          <button ref={editButtonRef} type="button" className="button" aria-label={t('kept.correctLabel', { name })} onClick={() => open(exchange.answer)}>
            {t('kept.correct')}
          </button>
        ))}
    </div>
  )
}
