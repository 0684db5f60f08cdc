import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FactProposal } from '../../../../shared/contracts/facts.ts'
import type { FactKind } from '../../../../shared/facts/index.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { useFactList } from '../api/fact-queries.ts'
import { factSentence } from '../lib/fact-words.ts'
import { citationText } from '../lib/source-words.ts'
import { FactRecording } from './fact-recording.tsx'
import './heard-facts.css'

interface FactSourcesProps {
  memberId: string
  /** The card's fields this line stands beside: a birth's date and place, an occupation… */
  kinds: readonly FactKind[]
  /** How the card names its person («Aurora»). */
  subjectName: string
  readerUserId: string | undefined
  /** False asks the server nothing: a card with no conversation about its person cites nothing. */
  enabled: boolean
}

/**
 * Where the facts of one line of a card come from: «Fuente: entrevista con Ana del 12 de mayo de
 * 2026, contado por Lucía, su nieta — escuchar», with the words themselves on demand. Facts heard
 * in the same answer (a birth's date and place) share one line.
 */
export function FactSources({ memberId, kinds, subjectName, readerUserId, enabled }: FactSourcesProps) {
  const cited = (useFactList(memberId, { enabled }).data?.cited ?? []).filter((proposal) => kinds.includes(proposal.kind))
  const bySource = new Map<string, FactProposal[]>()
  for (const proposal of cited) {
    const key = `${proposal.source.kind}:${proposal.source.id}:${proposal.quote}`
    bySource.set(key, [...(bySource.get(key) ?? []), proposal])
  }
  if (bySource.size === 0) return null
  return (
    <span className="fact-sources">
      {[...bySource].map(([key, proposals]) => (
        <FactSourceLine key={key} proposals={proposals} subjectName={subjectName} readerUserId={readerUserId} />
      ))}
    </span>
  )
}

/** One source line for facts heard in the same answer. */
export function FactSourceLine({ proposals, subjectName, readerUserId }: { proposals: FactProposal[]; subjectName: string; readerUserId: string | undefined }) {
  const { t } = useTranslation('facts')
  const language = useUiLanguage()
  const [isQuoteShown, setIsQuoteShown] = useState(false)
  const quoteId = useId()
  const first = proposals[0]!
  const facts = proposals.map((proposal) => factSentence(t, proposal, 'other', language)).join(', ')
  return (
    <span className="fact-source">
      <span className="fact-source-line">
        {citationText(t, first.source, { readerUserId, subjectName, language })}
        {first.source.recordingId && (
          <>
            {' — '}
            <FactRecording recordingId={first.source.recordingId} fact={facts} variant="link" />
          </>
        )}
        {' · '}
        <button
          type="button"
          className="fact-link-button"
          aria-expanded={isQuoteShown}
          aria-controls={quoteId}
          aria-label={t(isQuoteShown ? 'source.hideQuoteLabel' : 'source.showQuoteLabel', { fact: facts })}
          onClick={() => setIsQuoteShown((shown) => !shown)}
        >
          {t(isQuoteShown ? 'source.hideQuote' : 'source.showQuote')}
        </button>
      </span>
      <q id={quoteId} className="fact-quote fact-source-quote" hidden={!isQuoteShown}>
        {first.quote}
      </q>
    </span>
  )
}
