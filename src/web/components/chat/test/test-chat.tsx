import { useQuery } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { chatOpeningSchema } from '../../../../shared/contracts/chat.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { testChatEvents, testChatUrl, testOpening, testPersona } from '../../../lib/chat/test/test-persona.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { useChatSession, type ChatResult } from '../../../lib/chat/use-chat-session.ts'
import { useReadAloud } from '../../../lib/speech/use-read-aloud.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { ReplyNote } from '../chat-bubble.tsx'
import { ChatComposer } from '../chat-composer.tsx'
import { ChatLog } from '../chat-log.tsx'
import { GuidedNotice, OpeningBubble } from '../chat-opening.tsx'
import { ReadAloudControls } from '../read-aloud-controls.tsx'
import { useChatComposer, type ChatComposerOptions } from '../use-chat-composer.ts'

type TestChatProps = Partial<Pick<ChatComposerOptions, 'hasDictation' | 'isDictationContinuous' | 'isSaving' | 'waitFor'>>

/** The kit composed as a feature composes it, for the test persona (`fakeChatServer` answers). */
export function TestChat(composerOptions: TestChatProps) {
  const language = useUiLanguage()
  const opening = useQuery({
    queryKey: ['test-chat', 'opening', language],
    queryFn: async ({ signal }) => chatOpeningSchema.parse(await apiFetch<unknown>(`${testChatUrl}?language=${language}`, { signal })),
  })
  const chat = useChatSession({ url: testChatUrl, language, events: testChatEvents, extraFields: { memberId: 'member-1' } })
  const voice = useReadAloud(language)
  const composer = useChatComposer({ persona: testPersona, language, phase: chat.phase, isSpeaking: voice.isReading, ...composerOptions })

  function finish(result: ChatResult) {
    if (result.type === 'done') void voice.readReply(result.text)
  }

  async function handleRetry(problemId: string) {
    if (composer.holdBack()) return
    const sending = chat.retry(problemId)
    if (sending) finish(await sending)
  }

  return (
    <section>
      {voice.isSupported && <ReadAloudControls persona={testPersona} isEnabled={voice.isEnabled} isReading={voice.isReading} onToggle={voice.setEnabled} onStop={voice.stop} />}
      {opening.data?.mode === 'guided' && <GuidedNotice persona={testPersona} />}
      <ChatLog
        persona={testPersona}
        opening={<OpeningBubble persona={testPersona} opening={opening} />}
        turns={chat.turns}
        phase={chat.phase}
        replyText={chat.replyText}
        canRetry={chat.phase === 'idle'}
        onRetry={(problemId) => void handleRetry(problemId)}
        replyFooter={(done) => <ReplyNote isSaved={done.sessionId !== null}>{done.sessionId ? 'Guardada.' : 'No se guardó.'}</ReplyNote>}
      />
      <ChatComposer composer={composer} maxLength={500} onSend={(text) => void chat.send(text).then(finish)} />
    </section>
  )
}

/** The test persona's chat, once her greeting is there. */
export async function renderTestChat(props: TestChatProps = {}) {
  const user = userEvent.setup()
  const view = renderWithProviders(<TestChat {...props} />)
  await screen.findByText(testOpening)
  return { user, view, input: screen.getByRole('textbox', { name: 'Tu mensaje para Ana' }) }
}

export const chatLog = () => screen.getByRole('log', { name: 'Conversación con Ana' })

export const sendButton = () => screen.getByRole('button', { name: /^(Enviar|Guardando\.\.\.)$/ })

/** The finished bubbles of the conversation, as "speaker: words". */
export function bubbles(): string[] {
  return within(chatLog())
    .getAllByRole('listitem')
    .map((item) => `${item.querySelector('.chat-bubble-speaker')?.textContent}: ${item.querySelector('.chat-bubble-text')?.textContent}`)
}
