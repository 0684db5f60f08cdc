import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatPhase } from '../../lib/chat/use-chat-session.ts'
import { useSpeechRecognition } from '../../lib/speech/use-speech-recognition.ts'

export interface ChatComposerOptions {
  /** The persona's name, as the label and the waiting notices say it. */
  persona: string
  /** The page's language: dictation listens for it. */
  language: string
  /** Whether the person may dictate (default true); without it no microphone is offered, and a refused one locks nothing. */
  hasDictation?: boolean
  /** Dictation listens until stopped (interview, AI lab) instead of for one utterance (biography). */
  isDictationContinuous?: boolean
  /** Where the persona's reply is: nothing is sent until it has come. */
  phase: ChatPhase
  /** The reply is being read aloud: nothing is sent until it has been read (or stopped). */
  isSpeaking: boolean
  /** The feature is still saving something of the last exchange (files). */
  isSaving?: boolean
  /** One more reason to hold a message back, in the feature's words (e.g. a recording still running). */
  waitFor?: string | null
  /** Called when a message was held back for `waitFor` (e.g. to stop the recording it names). */
  onWaitFor?: () => void
  /** The feature's words for an empty message (the kit's: "Por favor, escribe o dicta algo antes de enviar."). */
  emptyNotice?: string
}

/**
 * What the person is writing to a persona, and whether it may go (docs/product.md#chat: sending waits while
 * the persona writes, speaks or saves, and while the refused microphone locks the box). Nothing
 * typed is lost: a message waits in the box until it can be sent. Dictated words join the draft.
 */
export function useChatComposer({
  persona,
  language,
  hasDictation = true,
  isDictationContinuous = false,
  phase,
  isSpeaking,
  isSaving = false,
  waitFor = null,
  onWaitFor,
  emptyNotice,
}: ChatComposerOptions) {
  const { t } = useTranslation('chat')
  const [draft, setDraft] = useState('')
  const [notice, setNotice] = useState('')
  const [isTypingWithoutMic, setIsTypingWithoutMic] = useState(false)
  const textarea = useRef<HTMLTextAreaElement | null>(null)
  // Handed out as a callback ref, not a ref object, so the state below may be read while rendering.
  const attachTextarea = useCallback((node: HTMLTextAreaElement | null) => {
    textarea.current = node
  }, [])

  // The box may be disabled or not yet shown until the next render, and such a box takes no focus.
  const focusSoon = useCallback(() => void setTimeout(() => textarea.current?.focus(), 0), [])

  const handleDictated = useCallback((text: string) => {
    setNotice('')
    setDraft((current) => (current.trim() ? `${current.trimEnd()} ${text}` : text))
  }, [])
  const recognition = useSpeechRecognition({ language, continuous: isDictationContinuous, onFinalText: handleDictated })
  const isMicBlocked = hasDictation && recognition.status === 'denied' && !isTypingWithoutMic
  const isListening = recognition.status === 'listening' || recognition.status === 'starting'

  let waitReason: string | null = waitFor
  if (isMicBlocked) waitReason = t('composer.micBlocked')
  else if (phase !== 'idle') waitReason = t('composer.waitReply', { persona })
  else if (isSpeaking) waitReason = t('composer.waitSpeech', { persona })
  else if (isSaving) waitReason = t('composer.waitSaving')

  /** Says why the person must wait, if they must; true when nothing may be sent now. */
  function holdBack(): boolean {
    setNotice(waitReason ?? '')
    if (waitReason !== null && waitReason === waitFor) onWaitFor?.()
    return waitReason !== null
  }

  return {
    persona,
    draft,
    notice,
    waitReason,
    /** The callback ref of the box, for focusing it. */
    attachTextarea,
    /** The send button says "Guardando..." while the reply arrives (the server saves it) or files are saved. */
    isSaving: phase === 'writing' || isSaving,
    dictation: {
      ...recognition,
      isOffered: hasDictation,
      isListening,
      /** The microphone was refused and the person has not chosen to type instead: the box is locked. */
      isBlocked: isMicBlocked,
      isDismissed: isTypingWithoutMic,
      toggle: isListening ? recognition.stop : recognition.start,
      /** Goes on without the refused microphone: the box opens and the cursor goes into it. */
      keepTyping() {
        setIsTypingWithoutMic(true)
        setNotice('')
        focusSoon()
      },
    },
    /** Puts the cursor in the box once it is shown (after the next render). */
    focusSoon,
    change(text: string) {
      setDraft(text)
      setNotice('')
    },
    holdBack,
    /**
     * The typed message, trimmed, taken out of the box to be sent (dictation stops); null, with
     * the reason shown, when it must wait or is empty (unless `allowEmpty`, e.g. files are waiting).
     */
    take({ allowEmpty = false } = {}): string | null {
      if (holdBack()) return null
      const text = draft.trim()
      if (!text && !allowEmpty) {
        setNotice(emptyNotice ?? t('composer.empty'))
        textarea.current?.focus()
        return null
      }
      if (isListening) recognition.stop()
      setDraft('')
      return text
    },
  }
}

export type ChatComposerState = ReturnType<typeof useChatComposer>
