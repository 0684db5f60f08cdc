import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { variationEvents, type AiLabMemory, type SaveMethod } from '../../../../shared/contracts/ai-lab.ts'
import { limits } from '../../../../shared/limits.ts'
import { ListenButton } from '../../../components/chat/listen-button.tsx'
import { MicButton, MicStatus } from '../../../components/chat/mic-control.tsx'
import { ErrorBanner, StatusMessage } from '../../../components/ui/banner.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { useTell } from '../../../lib/chat/use-tell.ts'
import { fieldErrorText } from '../../../lib/error-text.ts'
import { labSpeechLanguage } from '../../../lib/speech/speech-language.ts'
import { useSpeechRecognition } from '../../../lib/speech/use-speech-recognition.ts'
import { aiLabUrls, useRecheckWhenAiUnavailable, useSaveLabMemory } from '../api/ai-lab-queries.ts'
import { isAiUnavailable, labProblemText } from '../lib/lab-problem.ts'
import { AiNeeded } from './ai-needed.tsx'
import { LabMemoryList } from './lab-memory-list.tsx'

interface TellAMemoryProps {
  /** False when no model answers (the guided mode); undefined while the server has not said. */
  canGenerate: boolean | undefined
  /** «Compartir con la familia» under each kept memory (the family tree's control, handed in by the page). */
  renderShare?: (memory: AiLabMemory, name: string) => ReactNode
}

type Action = 'generate' | SaveMethod

type Notice = { tone: 'error'; text: string } | { tone: 'success'; text: string } | null

/**
 * Tell a Memory (docs/product.md#ai-lab): write or dictate a memory (continuous dictation, es-ES for Spanish),
 * ask the storyteller for a fantastical variation as it is written, then keep the memory as told
 * or with the variation. Nothing is saved until the person chooses.
 */
export function TellAMemory({ canGenerate, renderShare }: TellAMemoryProps) {
  const { t } = useTranslation('ai-lab')
  const language = useUiLanguage()
  const [text, setText] = useState('')
  const [notice, setNotice] = useState<Notice>(null)
  const [isMicDismissed, setIsMicDismissed] = useState(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const variationTitleRef = useRef<HTMLHeadingElement>(null)
  const variation = useTell(aiLabUrls.variations, variationEvents, { onDone: () => setTimeout(() => variationTitleRef.current?.focus()) })
  const save = useSaveLabMemory()
  const hintId = useId()

  const dictation = useSpeechRecognition({
    language,
    continuous: true,
    locale: labSpeechLanguage,
    onFinalText: (heard) => setText((current) => (current.trim() ? `${current.trimEnd()} ${heard}` : heard)),
  })
  const isListening = dictation.status === 'listening' || dictation.status === 'starting'
  const isWriting = variation.phase === 'writing'
  const isUnavailable = canGenerate === false || isAiUnavailable(variation.problem)
  const hasVariation = variation.phase === 'done' && variation.text.trim() !== ''
  const isBusy = isWriting || save.isPending
  useRecheckWhenAiUnavailable(variation.problem)

  function generate() {
    if (!text.trim()) {
      setNotice({ tone: 'error', text: t('memory.memoryRequired') })
      textRef.current?.focus()
      return
    }
    void variation.start({ text, language })
  }

  /** The Stop button goes with the stream: focus moves to what was written so far. */
  function handleStop() {
    variation.stop()
    setTimeout(() => variationTitleRef.current?.focus())
  }

  function saveAs(saveMethod: SaveMethod) {
    if (!text.trim()) {
      setNotice({ tone: 'error', text: t('memory.originalRequired') })
      textRef.current?.focus()
      return
    }
    save.mutate(
      { originalText: text, aiVariationText: saveMethod === 'withVariation' ? variation.text : null, saveMethod },
      {
        onSuccess: () => {
          setText('')
          variation.reset()
          setNotice({ tone: 'success', text: t('memory.saved') })
          // The pressed button may be gone (the variation went with the save): the box is ready for the next memory.
          textRef.current?.focus()
        },
        onError: (error) => {
          const field = fieldErrorText(t as never, error, 'originalText') ?? fieldErrorText(t as never, error, 'aiVariationText')
          const reason = field ?? (error instanceof ApiError && error.code !== 'internal' && error.code !== 'validation_failed' ? t(`errors:${error.code}`) : '')
          setNotice({ tone: 'error', text: [t('memory.saveFailed'), reason].filter(Boolean).join(' ') })
        },
      },
    )
  }

  function run(action: Action) {
    if (action === 'generate') generate()
    else saveAs(action)
  }

  // Pressing Generate or Save while dictating stops the dictation first; its last words arrive
  // after stop(), so the action waits for the microphone to go quiet and then uses the whole text.
  const queued = useRef<Action | null>(null)
  const runQueued = useEffectEvent(() => {
    const action = queued.current
    queued.current = null
    if (action) run(action)
  })
  useEffect(() => {
    if (!isListening) runQueued()
  }, [isListening])

  function request(action: Action) {
    setNotice(null)
    if (!isListening) return run(action)
    queued.current = action
    dictation.stop()
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!isBusy) request('original')
  }

  return (
    <section className="lab-section tell-a-memory" aria-labelledby="tell-a-memory-title">
      <h2 id="tell-a-memory-title">{t('memory.title')}</h2>
      <p>{t('memory.intro')}</p>
      {isUnavailable && <AiNeeded need="variation" />}

      <form className="tell-form" onSubmit={handleSubmit} noValidate>
        <div className="field tell-field">
          <label htmlFor="lab-memory-text">{t('memory.label')}</label>
          <p id={hintId} className="hint">
            {t('memory.hint')}
          </p>
          <textarea
            id="lab-memory-text"
            ref={textRef}
            rows={7}
            value={text}
            maxLength={limits.aiLabMemoryMaxLength}
            aria-describedby={hintId}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="tell-mic">
          <MicButton status={dictation.status} onToggle={() => (isListening ? dictation.stop() : dictation.start())} />
          <MicStatus
            status={dictation.status}
            problem={dictation.problem}
            interimText={dictation.interimText}
            isDismissed={isMicDismissed}
            onKeepTyping={() => {
              setIsMicDismissed(true)
              textRef.current?.focus()
            }}
          />
        </div>

        {/* Buttons that are busy say so with aria-disabled rather than disabled, so the focus stays on them. */}
        <div className="tell-actions">
          {!isUnavailable && (
            <button type="button" className="button" aria-disabled={isBusy} onClick={() => !isBusy && request('generate')}>
              {isWriting ? t('memory.generating') : t('memory.generate')}
            </button>
          )}
          {isWriting && (
            <button type="button" className="button" onClick={handleStop}>
              {t('memory.stop')}
            </button>
          )}
          <button type="submit" className="button button-primary" aria-disabled={isBusy}>
            {save.isPending ? t('memory.saving') : t('memory.saveOriginal')}
          </button>
          {hasVariation && (
            <button type="button" className="button button-primary" aria-disabled={isBusy} onClick={() => !isBusy && request('withVariation')}>
              {t('memory.saveWithVariation')}
            </button>
          )}
        </div>
      </form>

      {notice?.tone === 'error' && <ErrorBanner>{notice.text}</ErrorBanner>}
      <StatusMessage>{notice?.tone === 'success' ? notice.text : variation.phase === 'done' ? t('memory.variationReady') : undefined}</StatusMessage>

      {variation.phase !== 'idle' && !isUnavailable && (
        <section className="lab-answer" aria-labelledby="variation-title" aria-busy={isWriting}>
          <h3 id="variation-title" ref={variationTitleRef} tabIndex={-1}>
            {t('memory.variationTitle')}
          </h3>
          {isWriting && !variation.text && <p className="lab-waiting">{t('memory.generating')}</p>}
          {variation.text && <p className="lab-answer-text">{variation.text}</p>}
          {!isWriting && <ListenButton text={variation.text} language={language} what={t('memory.variationTitle')} />}
          {variation.phase === 'stopped' && <p className="lab-note">{t('memory.stopped')}</p>}
          {variation.phase === 'failed' && variation.problem && (
            <ErrorBanner>{labProblemText(t, variation.problem, { failed: t('memory.variationFailed'), blocked: t('memory.variationBlocked') })}</ErrorBanner>
          )}
        </section>
      )}

      <LabMemoryList renderShare={renderShare} />
    </section>
  )
}
