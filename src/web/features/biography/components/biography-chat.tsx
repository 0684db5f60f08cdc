import { useCallback, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../../shared/limits.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { Icon } from '../../../components/ui/icon.tsx'
import { TextAreaField } from '../../../components/ui/text-field.tsx'
import { useSpeechRecognition } from '../../../lib/speech/use-speech-recognition.ts'
import { useChatOpening, useRefreshEntries } from '../api/biography-queries.ts'
import { useUiLanguage } from '../lib/ui-language.ts'
import { useChatSession, type ChatResult } from '../lib/use-chat-session.ts'
import { usePendingAttachments, type PendingAttachment } from '../lib/use-pending-attachments.ts'
import { useReadAloud } from '../lib/use-read-aloud.ts'
import { AttachMediaDialog } from './attach-media-dialog.tsx'
import { AttachmentChips } from './attachment-chips.tsx'
import { ChatLog } from './chat-log.tsx'
import { GuidedNotice, OpeningBubble } from './chat-opening.tsx'
import { MicButton, MicStatus } from './mic-control.tsx'
import { ReadAloudControls } from './read-aloud-controls.tsx'
import type { AttachmentSlot } from './slots.ts'
import './biography-chat.css'

interface BiographyChatProps {
  /** Attaching files while chatting (the media feature); without it there is no "Adjuntar". */
  attachments?: AttachmentSlot
}

/**
 * Spec §2 and §4: the chat with Cronos. The person writes or dictates, the reply streams in, is
 * read aloud and saved as a memory by the server; files chosen meanwhile are attached to that
 * memory once it exists. Nothing typed is lost: a message waits in the box until it can be sent.
 */
export function BiographyChat({ attachments: slot }: BiographyChatProps) {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const opening = useChatOpening(language)
  const chat = useChatSession(language)
  const voice = useReadAloud(language)
  const refreshEntries = useRefreshEntries()
  const [draft, setDraft] = useState('')
  const [notice, setNotice] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const [isAttachOpen, setIsAttachOpen] = useState(false)
  const [isTypingWithoutMic, setIsTypingWithoutMic] = useState(false)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const headingId = useId()
  const noticeId = useId()

  const handleAttached = useCallback((file: File) => setAnnouncement(t('chat.attach.done', { name: file.name })), [t])
  const attachments = usePendingAttachments(slot, handleAttached)

  const handleDictated = useCallback((text: string) => {
    setNotice('')
    setDraft((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text))
  }, [])
  const recognition = useSpeechRecognition({ language, continuous: false, onFinalText: handleDictated })
  const isMicBlocked = recognition.status === 'denied' && !isTypingWithoutMic
  const isListening = recognition.status === 'listening' || recognition.status === 'starting'

  /** Why nothing can be sent right now (spec §4: typing, speaking, saving, mic blocked), if anything. */
  function waitReason(): string | null {
    if (isMicBlocked) return t('chat.composer.micBlocked')
    if (chat.phase !== 'idle') return t('chat.composer.waitReply')
    if (voice.isReading) return t('chat.composer.waitSpeech')
    if (attachments.isUploading) return t('chat.composer.waitSaving')
    return null
  }

  async function finish(result: ChatResult, files: PendingAttachment[]) {
    if (result.type !== 'done') return
    void voice.readReply(result.text)
    if (files.length === 0) return
    if (!result.entry) {
      setAnnouncement(t('chat.attach.notSaved'))
      return
    }
    await attachments.attachTo(result.entry.id, files)
    void refreshEntries()
  }

  async function handleSend() {
    const wait = waitReason()
    if (wait) {
      setNotice(wait)
      return
    }
    const text = draft.trim()
    const files = attachments.waiting
    if (!text && files.length === 0) {
      setNotice(t('chat.composer.empty'))
      textareaRef.current?.focus()
      return
    }
    if (isListening) recognition.stop()
    setDraft('')
    setNotice('')
    setAnnouncement('')
    const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(files.map((item) => item.file.name))
    await finish(await chat.send(text || t('chat.attach.sharing', { names })), files)
  }

  async function handleRetry(problemId: string) {
    const wait = waitReason()
    if (wait) {
      setNotice(wait)
      return
    }
    const files = attachments.waiting
    const sending = chat.retry(problemId)
    if (!sending) return
    setNotice('')
    setAnnouncement('')
    await finish(await sending, files)
  }

  async function handleRetryAttachment(item: PendingAttachment) {
    if (await attachments.retry(item)) void refreshEntries()
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void handleSend()
  }

  // Enter sends, Shift+Enter is a new line (spec §2); an input method still composing a word
  // uses Enter itself.
  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return
    event.preventDefault()
    void handleSend()
  }

  function handleKeepTyping() {
    setIsTypingWithoutMic(true)
    setNotice('')
    // The box is enabled on the next render; then the cursor goes into it.
    setTimeout(() => textareaRef.current?.focus(), 0)
  }

  const isSaving = chat.phase === 'writing' || attachments.isUploading
  const canSend = !isMicBlocked && chat.phase === 'idle' && !voice.isReading && !attachments.isUploading
  const room = limits.biographyMediaPerEntry - attachments.waiting.length

  return (
    <section className="card biography-chat" aria-labelledby={headingId}>
      <div className="biography-chat-header">
        <h2 id={headingId}>{t('chat.heading')}</h2>
        {voice.isSupported && (
          <ReadAloudControls isEnabled={voice.isEnabled} isReading={voice.isReading} onToggle={voice.setEnabled} onStop={voice.stop} />
        )}
      </div>
      {opening.data?.mode === 'guided' && <GuidedNotice />}
      <ChatLog
        opening={<OpeningBubble opening={opening} />}
        turns={chat.turns}
        phase={chat.phase}
        replyText={chat.replyText}
        canRetry={chat.phase === 'idle'}
        onRetry={(problemId) => void handleRetry(problemId)}
      />
      <form className="chat-composer" noValidate onSubmit={handleSubmit}>
        <TextAreaField
          ref={textareaRef}
          label={t('chat.composer.label')}
          hint={t('chat.composer.hint')}
          rows={3}
          maxLength={limits.biographyMessageMaxLength}
          value={draft}
          disabled={isMicBlocked}
          data-testid="chat-input"
          onChange={(event) => {
            setDraft(event.target.value)
            setNotice('')
          }}
          onKeyDown={handleKeyDown}
        />
        <div className="chat-composer-actions">
          <button
            type="submit"
            className="button button-primary chat-send"
            aria-disabled={!canSend}
            aria-describedby={notice ? noticeId : undefined}
            data-testid="chat-send"
          >
            {isSaving ? t('chat.composer.saving') : t('chat.composer.send')}
          </button>
          {!isMicBlocked && <MicButton status={recognition.status} onToggle={isListening ? recognition.stop : recognition.start} />}
          {slot && (
            <button type="button" className="button" aria-label={t('chat.attach.openLabel')} aria-haspopup="dialog" onClick={() => setIsAttachOpen(true)}>
              <Icon name="paperclip" /> {t('chat.attach.open')}
            </button>
          )}
        </div>
        <MicStatus
          status={recognition.status}
          problem={recognition.problem}
          interimText={recognition.interimText}
          isDismissed={isTypingWithoutMic}
          onKeepTyping={handleKeepTyping}
        />
        {notice && (
          <p id={noticeId} className="banner banner-info chat-notice" role="alert">
            {notice}
          </p>
        )}
        <AttachmentChips
          items={attachments.items}
          onRemove={(item) => attachments.remove(item.id)}
          onRetry={(item) => void handleRetryAttachment(item)}
        />
        <StatusMessage tone="info">{announcement}</StatusMessage>
      </form>
      {slot && (
        <AttachMediaDialog open={isAttachOpen} slot={slot} room={room} onAttach={attachments.add} onClose={() => setIsAttachOpen(false)} />
      )}
    </section>
  )
}
