import { useId, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TextAreaField } from '../ui/text-field.tsx'
import { useCoarsePointer } from '../../lib/use-coarse-pointer.ts'
import { MicButton, MicStatus } from './mic-control.tsx'
import type { ChatComposerState } from './use-chat-composer.ts'
import './chat-composer.css'

interface ChatComposerProps {
  /** The composer's state, from `useChatComposer`. */
  composer: ChatComposerState
  maxLength: number
  /** Sends the taken message (trimmed; '' only with `allowEmpty`). The box is already empty. */
  onSend: (text: string) => void
  /** A message without words may go, e.g. because files are waiting; the feature words it. */
  allowEmpty?: boolean
  /** More buttons after Send and the microphone, e.g. "Adjuntar". */
  actions?: ReactNode
  /** Below the composer's own notices, e.g. the files waiting and what became of them. */
  children?: ReactNode
}

/**
 * The box to write (or dictate) to a persona, its Send button and the microphone. Enter sends,
 * Shift+Enter is a new line; on a touch screen, which has no Shift, Enter is a new line and only
 * Send sends (docs/product.md#chat). While nothing may be sent, Send stays focusable but
 * `aria-disabled`, and pressing it says why, out loud.
 */
export function ChatComposer({ composer, maxLength, onSend, allowEmpty = false, actions, children }: ChatComposerProps) {
  const { t } = useTranslation('chat')
  const noticeId = useId()
  const isTouch = useCoarsePointer()
  const { attachTextarea, dictation, draft, isSaving, notice, persona, waitReason } = composer

  function handleSend() {
    const text = composer.take({ allowEmpty })
    if (text !== null) onSend(text)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    handleSend()
  }

  // An input method still composing a word uses Enter itself.
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isTouch || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return
    event.preventDefault()
    handleSend()
  }

  return (
    <form className="chat-composer" noValidate onSubmit={handleSubmit}>
      <TextAreaField
        ref={attachTextarea}
        label={t('composer.label', { persona })}
        hint={isTouch ? t('composer.hintTouch') : t('composer.hint')}
        rows={3}
        maxLength={maxLength}
        value={draft}
        disabled={dictation.isBlocked}
        data-testid="chat-input"
        onChange={(event) => composer.change(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <div className="chat-composer-actions">
        <button
          type="submit"
          className="button button-primary chat-send"
          aria-disabled={waitReason !== null}
          aria-describedby={notice ? noticeId : undefined}
          data-testid="chat-send"
        >
          {isSaving ? t('composer.saving') : t('composer.send')}
        </button>
        {dictation.isOffered && !dictation.isBlocked && <MicButton status={dictation.status} onToggle={dictation.toggle} />}
        {actions}
      </div>
      {dictation.isOffered && (
        <MicStatus
          status={dictation.status}
          problem={dictation.problem}
          interimText={dictation.interimText}
          isDismissed={dictation.isDismissed}
          onKeepTyping={dictation.keepTyping}
        />
      )}
      {notice && (
        <p id={noticeId} className="banner banner-info chat-notice" role="alert">
          {notice}
        </p>
      )}
      {children}
    </form>
  )
}
