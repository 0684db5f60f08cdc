import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../../shared/limits.ts'
import { ChatComposer } from '../../../components/chat/chat-composer.tsx'
import { ChatPanel } from '../../../components/chat/chat-panel.tsx'
import { useChatComposer } from '../../../components/chat/use-chat-composer.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { Icon } from '../../../components/ui/icon.tsx'
import type { ChatResult } from '../../../lib/chat/use-chat-session.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { useReadAloud } from '../../../lib/speech/use-read-aloud.ts'
import { useBiographyChatSession, type BiographyChatDone } from '../api/biography-chat-session.ts'
import { useChatOpening, useRefreshEntries } from '../api/biography-queries.ts'
import { usePendingAttachments, type PendingAttachment } from '../lib/use-pending-attachments.ts'
import { useSentFiles } from '../lib/use-sent-files.ts'
import { AttachMediaDialog } from './attach-media-dialog.tsx'
import { AttachmentChips, SentFiles } from './attachment-chips.tsx'
import { MemorySavedNote } from './memory-saved-note.tsx'
import type { AttachmentSlot } from './slots.ts'
import './biography-chat.css'

interface BiographyChatProps {
  /** Attaching files while chatting (the media feature); without it there is no "Adjuntar". */
  attachments?: AttachmentSlot
  /** Cronos' reply came whole and its memory was saved: the page reads again what the answer may have changed (the facts heard in it). */
  onDone?: () => void
}

/**
 * The chat with Cronos (docs/product.md#biography). The person writes or dictates, the reply streams in, is
 * read aloud and saved as a memory by the server; files chosen meanwhile are attached to that
 * memory once it exists.
 */
export function BiographyChat({ attachments: slot, onDone }: BiographyChatProps) {
  // Both catalogues at once, so the page waits for them together rather than one after the other.
  const { t } = useTranslation(['biography', 'chat'])
  const persona = t('chat.persona')
  const language = useUiLanguage()
  const opening = useChatOpening(language)
  const chat = useBiographyChatSession(language)
  const voice = useReadAloud(language)
  const refreshEntries = useRefreshEntries()
  const [announcement, setAnnouncement] = useState('')
  const [isAttachOpen, setIsAttachOpen] = useState(false)

  const handleAttached = useCallback((file: File) => setAnnouncement(t('chat.attach.done', { name: file.name })), [t])
  const attachments = usePendingAttachments(slot, handleAttached)
  const sentFiles = useSentFiles()
  const composer = useChatComposer({ persona, language, phase: chat.phase, isSpeaking: voice.isReading, isSaving: attachments.isUploading })

  async function finish(result: ChatResult<BiographyChatDone>, files: PendingAttachment[]) {
    if (result.type !== 'done') {
      // The words were kept before Cronos was asked: the list shows them even without his reply.
      void refreshEntries()
      return
    }
    void voice.readReply(result.text)
    if (result.done.entry) onDone?.()
    if (files.length === 0) return
    const { entry } = result.done
    if (!entry) {
      setAnnouncement(t('chat.attach.notSaved'))
      return
    }
    await attachments.attachTo(entry.id, files)
    void refreshEntries()
  }

  async function handleSend(text: string) {
    const files = attachments.waiting
    setAnnouncement('')
    if (files.length > 0)
      sentFiles.record(
        chat.turns.filter((turn) => turn.speaker === 'user').length,
        files.map((item) => item.file),
      )
    const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(files.map((item) => item.file.name))
    await finish(await chat.send(text || t('chat.attach.sharing', { names })), files)
  }

  async function handleRetry(problemId: string) {
    if (composer.holdBack()) return
    const files = attachments.waiting
    const sending = chat.retry(problemId)
    if (!sending) return
    setAnnouncement('')
    await finish(await sending, files)
  }

  async function handleRetryAttachment(item: PendingAttachment) {
    if (await attachments.retry(item)) void refreshEntries()
  }

  const room = limits.biographyMediaPerEntry - attachments.waiting.length

  return (
    <ChatPanel
      heading={t('chat.heading')}
      persona={persona}
      voice={voice}
      opening={opening}
      log={{
        turns: chat.turns,
        phase: chat.phase,
        replyText: chat.replyText,
        canRetry: chat.phase === 'idle',
        onRetry: (problemId) => void handleRetry(problemId),
        userAttachments: (index) => <SentFiles files={sentFiles.of(index)} />,
        replyFooter: (done) => <MemorySavedNote done={done} />,
      }}
    >
      <ChatComposer
        composer={composer}
        maxLength={limits.biographyMessageMaxLength}
        allowEmpty={attachments.waiting.length > 0}
        onSend={(text) => void handleSend(text)}
        actions={
          slot && (
            <button type="button" className="button" aria-label={t('chat.attach.openLabel')} aria-haspopup="dialog" onClick={() => setIsAttachOpen(true)}>
              <Icon name="paperclip" /> {t('chat.attach.open')}
            </button>
          )
        }
      >
        <AttachmentChips items={attachments.items} onRemove={(item) => attachments.remove(item.id)} onRetry={(item) => void handleRetryAttachment(item)} />
        <StatusMessage tone="info">{announcement}</StatusMessage>
      </ChatComposer>
      {slot && <AttachMediaDialog open={isAttachOpen} slot={slot} room={room} onAttach={attachments.add} onClose={() => setIsAttachOpen(false)} />}
    </ChatPanel>
  )
}
