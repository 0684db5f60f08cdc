import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Conversation, KeptExchange } from '../../../shared/contracts/chat.ts'
import { conversationTitle } from '../../../shared/chat/conversations.ts'
import { limits } from '../../../shared/limits.ts'
import { errorText, fieldErrorText } from '../../lib/error-text.ts'
import { ErrorBanner } from '../ui/banner.tsx'
import { FormActions } from '../ui/form-actions.tsx'
import { TextField } from '../ui/text-field.tsx'
import { useEditText } from '../ui/use-edit-text.ts'

interface ConversationHeadingProps {
  conversation: Conversation
  exchanges: readonly KeptExchange[]
  language: string
  /** The heading's id, so the conversation's section is named by it. */
  id: string
  /** Saves a new title ('' for the date and topic); without it the title is only read. */
  onRename?: (title: string) => Promise<unknown>
}

/**
 * A conversation's title (its own, or the day and what it was about) with «Cambiar el título»,
 * which edits it in place, for whoever may name it.
 */
export function ConversationHeading({ conversation, exchanges, language, id, onRename }: ConversationHeadingProps) {
  const { t } = useTranslation('chat')
  const { isEditing, open, close, editButtonRef, fieldRef, draft, setDraft, problem, isSaving, submit } = useEditText<HTMLInputElement>({
    save: async (title) => onRename?.(title),
    problemOf: (error) => ({ field: fieldErrorText(t, error, 'title'), banner: errorText(t, error, 'chat:conversation.saveFailed') }),
  })
  const formHeadingId = useId()
  const title = conversationTitle(conversation, exchanges, language)

  return (
    <header className="conversation-header">
      <h3 id={id} className="conversation-title" data-testid="conversation-title">
        {title}
      </h3>
      <p className="conversation-count">{t('conversation.answers', { count: exchanges.length })}</p>
      {isEditing ? (
        <form noValidate aria-labelledby={formHeadingId} aria-busy={isSaving} onSubmit={(event) => void submit(event)}>
          <p id={formHeadingId} className="conversation-rename-heading">
            {t('conversation.renameHeading', { title })}
          </p>
          <TextField
            label={t('conversation.titleField')}
            hint={t('conversation.titleHint')}
            optional
            maxLength={limits.conversationTitleMaxLength}
            value={draft}
            error={problem.field}
            onChange={(event) => setDraft(event.target.value)}
            ref={fieldRef}
          />
          {problem.banner && <ErrorBanner>{problem.banner}</ErrorBanner>}
          <FormActions
            className="conversation-rename-actions"
            isSubmitting={isSaving}
            submitLabel={t('conversation.save')}
            submittingLabel={t('conversation.saving')}
            cancelLabel={t('conversation.cancel')}
            onCancel={close}
          />
        </form>
      ) : (
        onRename && (
          <button ref={editButtonRef} type="button" className="button" aria-label={t('conversation.renameLabel', { title })} onClick={() => open(conversation.title)}>
            {t('conversation.rename')}
          </button>
        )
      )}
    </header>
  )
}
