import type { UseQueryResult } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import type { ChatOpening } from '../../../shared/contracts/chat.ts'
import type { useReadAloud } from '../../lib/speech/use-read-aloud.ts'
import { ChatLog, type ChatLogProps } from './chat-log.tsx'
import { GuidedNotice, OpeningBubble } from './chat-opening.tsx'
import { ReadAloudControls } from './read-aloud-controls.tsx'
import './chat-panel.css'

interface ChatPanelProps<Done> {
  heading: string
  persona: string
  /** Reading the persona's replies aloud (`useReadAloud`): its controls sit beside the heading. */
  voice: ReturnType<typeof useReadAloud>
  opening: UseQueryResult<ChatOpening>
  log: Omit<ChatLogProps<Done>, 'persona' | 'opening'>
  /** The composer, and whatever the feature adds under it. */
  children: ReactNode
}

/**
 * A conversation with a persona as every feature shows it: the heading with the read-aloud
 * controls, the guided-mode notice when no model answers, the log opening with the persona's
 * greeting, then the feature's composer.
 */
export function ChatPanel<Done>({ heading, persona, voice, opening, log, children }: ChatPanelProps<Done>) {
  const headingId = useId()
  return (
    <section className="card chat-panel" aria-labelledby={headingId}>
      <div className="chat-panel-header">
        <h2 id={headingId}>{heading}</h2>
        {voice.isSupported && <ReadAloudControls persona={persona} isEnabled={voice.isEnabled} isReading={voice.isReading} onToggle={voice.setEnabled} onStop={voice.stop} />}
      </div>
      {opening.data?.mode === 'guided' && <GuidedNotice persona={persona} />}
      <ChatLog persona={persona} opening={<OpeningBubble persona={persona} opening={opening} />} {...log} />
      {children}
    </section>
  )
}
