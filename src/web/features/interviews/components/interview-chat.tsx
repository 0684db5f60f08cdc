import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { interviewChatEvents, type InterviewSession } from '../../../../shared/contracts/interviews.ts'
import { limits } from '../../../../shared/limits.ts'
import { ChatComposer } from '../../../components/chat/chat-composer.tsx'
import { ChatPanel } from '../../../components/chat/chat-panel.tsx'
import { useChatComposer, type ChatComposerState } from '../../../components/chat/use-chat-composer.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { useChatSession, type ChatResult } from '../../../lib/chat/use-chat-session.ts'
import { useReadAloud } from '../../../lib/speech/use-read-aloud.ts'
import { interviewKeys } from '../api/interview-keys.ts'
import { useInterviewOpening } from '../api/interview-queries.ts'
import { useInterviewRecording, type KeptRecording, type RecordingStore } from '../lib/use-interview-recording.ts'
import { InterviewSavedNote } from './interview-saved-note.tsx'
import { MicrophoneDenied } from './microphone-denied.tsx'
import { PendingRecordings } from './pending-recordings.tsx'
import { RecordButton, RecordingStatus } from './record-button.tsx'
import './interview-chat.css'

interface InterviewChatProps {
  memberId: string
  /** How Ana names the relative in the page's own texts: their first name. */
  memberName: string
  /** Where the person's voice is kept: with the member as soon as a recording stops, then with its session. */
  recordings: RecordingStore
  /** An exchange was saved (and its recordings added to it, or not): the page refreshes what shows it. */
  onSaved: (session: InterviewSession) => void
}

/**
 * The conversation with Ana about a relative (docs/product.md#interview): her opening, the composer, and the
 * record button that dictates and keeps the person's voice. A recording is saved with the member
 * the moment it stops; each exchange is saved by the server as a session, and the voice recorded
 * for it is then added to that session. A refused microphone gets its own screen with a way to go
 * on typing.
 */
export function InterviewChat({ memberId, memberName, recordings, onSaved }: InterviewChatProps) {
  const { t } = useTranslation(['interviews', 'chat'])
  const persona = t('chat.persona')
  const language = useUiLanguage()
  const queryClient = useQueryClient()
  const opening = useInterviewOpening(memberId, language)
  const extraFields = useMemo(() => ({ memberId }), [memberId])
  const chat = useChatSession({ url: '/api/interviews/chat', language, events: interviewChatEvents, extraFields })
  const voice = useReadAloud(language)
  const [announcement, setAnnouncement] = useState('')
  const [isUploading, setIsUploading] = useState(false)
  const [isTypingOnly, setIsTypingOnly] = useState(false)
  // Dictated words arrive through a callback made before the composer: they reach its latest state here.
  const composerRef = useRef<ChatComposerState | null>(null)

  const handleDictated = useCallback((text: string) => {
    const current = composerRef.current
    if (!current) return
    current.change(current.draft.trim() ? `${current.draft.trimEnd()} ${text}` : text)
  }, [])
  const recording = useInterviewRecording({
    language,
    onFinalText: handleDictated,
    store: recordings,
    onKept: (isKept) => setAnnouncement(isKept ? t('chat.recordingKept') : t('chat.uploadFailed')),
  })
  const composer = useChatComposer({
    persona,
    language,
    hasDictation: false,
    phase: chat.phase,
    isSpeaking: voice.isReading,
    isSaving: isUploading,
    waitFor: recording.isRecording ? t('chat.stopRecordingFirst') : null,
    // Sending stops the recording; the message waits, since the last words are still being heard.
    onWaitFor: () => void recording.stop(),
    emptyNotice: t('chat.empty'),
  })
  useEffect(() => {
    composerRef.current = composer
  })

  async function saveRecordings(session: InterviewSession, taken: KeptRecording[]) {
    setIsUploading(true)
    try {
      const isAttached = await recording.attachTo(session.id, taken, (percent) => setAnnouncement(t('chat.uploading', { percent })))
      setAnnouncement(isAttached ? t('chat.uploaded') : t('chat.uploadFailed'))
    } finally {
      setIsUploading(false)
    }
  }

  async function finish(result: ChatResult<{ session: InterviewSession | null }> | undefined, recordings: KeptRecording[]) {
    if (result?.type !== 'done') {
      recording.restore(recordings)
      // The words were kept before Ana was asked: the history shows them even without her reply.
      void queryClient.invalidateQueries({ queryKey: interviewKeys.sessions() })
      return
    }
    void voice.readReply(result.text)
    const { session } = result.done
    if (!session) {
      recording.restore(recordings)
      return
    }
    if (recordings.length > 0) await saveRecordings(session, recordings)
    // The sessions only: Ana's opening stays as she said it on this visit.
    void queryClient.invalidateQueries({ queryKey: interviewKeys.sessions() })
    onSaved(session)
  }

  function handleSend(text: string) {
    const recordings = recording.takePending()
    setAnnouncement('')
    void chat.send(text || t('chat.recordedOnly')).then((result) => finish(result, recordings))
  }

  function handleRetry(problemId: string) {
    if (composer.holdBack()) return
    const sending = chat.retry(problemId)
    if (!sending) return
    const recordings = recording.takePending()
    setAnnouncement('')
    void sending.then((result) => finish(result, recordings))
  }

  if (recording.isDenied && !isTypingOnly) {
    return (
      <MicrophoneDenied
        onRetry={() => void recording.start()}
        onKeepTyping={() => {
          setIsTypingOnly(true)
          composer.focusSoon()
        }}
      />
    )
  }

  const canRecord = !isTypingOnly && (recording.canRecordVoice || recording.canDictate)

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
        onRetry: handleRetry,
        replyFooter: (done) => <InterviewSavedNote isSaved={done.session !== null} isSkipped={done.notSavedReason === 'chat.skipped'} name={memberName} />,
        replyErrors: { upstream_failed: t('chat.replyFailed') },
      }}
    >
      <ChatComposer
        composer={composer}
        maxLength={limits.chatMessageMaxLength}
        allowEmpty={recording.pending.length > 0}
        onSend={handleSend}
        actions={canRecord && <RecordButton isRecording={recording.isRecording} onToggle={() => void (recording.isRecording ? recording.stop() : recording.start())} />}
      >
        {canRecord && <RecordingStatus recording={recording} />}
        <PendingRecordings items={recording.pending} onRemove={recording.remove} />
        <StatusMessage tone="info">{announcement}</StatusMessage>
      </ChatComposer>
    </ChatPanel>
  )
}
