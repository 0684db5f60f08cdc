import { useTranslation } from 'react-i18next'
import type { FactProposal } from '../../../../shared/contracts/facts.ts'
import { useFactList } from '../api/fact-queries.ts'
import { personNameText } from '../lib/fact-words.ts'
import { FactSourceLine } from './fact-sources.tsx'

// What a card has no field for: an accepted fact of these kinds is itself what the card shows.
const lineKinds = ['occupation', 'residence', 'nickname'] as const

interface HeardLinesProps {
  memberId: string
  /** How the card names its person («Aurora»). */
  subjectName: string
  readerUserId: string | undefined
  /** False asks the server nothing: a card with no conversation about its person has nothing heard. */
  enabled: boolean
}

/**
 * A card's trade, homes and nickname, known only from what was told and accepted, each with where
 * it comes from: «Oficio: costurera — Fuente: entrevista con Ana del 12 de mayo de 2026 …». Groups
 * of the card's own description list, which holds them.
 */
export function HeardLines({ memberId, subjectName, readerUserId, enabled }: HeardLinesProps) {
  const { t } = useTranslation('facts')
  const cited = useFactList(memberId, { enabled }).data?.cited ?? []
  const lines = lineKinds.map((kind) => ({ kind, proposals: cited.filter((proposal) => proposal.kind === kind) })).filter(({ proposals }) => proposals.length > 0)
  if (lines.length === 0) return null
  return (
    <>
      {lines.map(({ kind, proposals }) => (
        <div key={kind}>
          <dt>{t(`card.${kind}`)}</dt>
          {proposals.map((proposal: FactProposal) => (
            <dd key={proposal.id}>
              {personNameText(proposal.value)}
              <span className="fact-sources">
                <FactSourceLine proposals={[proposal]} subjectName={subjectName} readerUserId={readerUserId} />
              </span>
            </dd>
          ))}
        </div>
      ))}
    </>
  )
}
