import type { FactProposal, FactSource, FactValue } from '../../../shared/contracts/facts.ts'
import type { MemberFacts } from '../../../shared/contracts/family-tree.ts'
import { isRelativeFactKind, type FactKind, type FactProposal as HeardProposal, type PersonName } from '../../../shared/facts/index.ts'
import type { Language } from '../../../shared/limits.ts'
import { toIsoString } from '../../db/timestamps.ts'
import { currentValue, existingRelative, type FactTree } from './facts.apply.ts'
import type { HeardFactRow } from './facts.tables.ts'
import { foldWords } from '../../../shared/text/fold.ts'

/** Where a fact was heard: an answer to Ana about a member, or a memory told to Cronos. */
export type HeardSource = { kind: 'interview'; id: string } | { kind: 'biography'; id: string }

/** What the feature needs to know of an answer to cite it. */
export interface SourceFacts {
  toldAt: string
  /** The account that told it. */
  tellerUserId: string
  question: string | null
}

/** Folded for comparing: case, accents and spacing set aside. */
export function foldValue(value: FactValue): string {
  const text = typeof value === 'string' ? value : `${value.first} ${value.last}`
  return foldWords(text)
}

/** A row's value as stored: the fact's value, and the partner a marriage was told with. */
export interface StoredValue {
  v: FactValue
  spouse?: PersonName
}
export const valueOf = (proposal: HeardProposal): FactValue => (isRelativeFactKind(proposal.kind) ? (proposal.value as PersonName) : String(proposal.value))
export const readValue = (row: HeardFactRow): StoredValue => JSON.parse(row.value) as StoredValue

export interface PresenterDeps {
  tree: FactTree
  /** The answers the facts came from, by id; one not (or no longer) there is missing from the map. */
  sources: {
    interviews(holderId: string, ids: string[]): Promise<Map<string, SourceFacts>>
    memories(holderId: string, ids: string[]): Promise<Map<string, SourceFacts>>
  }
  /** The recording of each answer, when one was made. */
  recordings(holderId: string, source: HeardSource['kind'], ids: string[]): Promise<Map<string, string>>
  /** How the tree names the teller («Lucía»), or null. */
  tellerName(holderId: string, userId: string): Promise<string | null>
  /** How the teller stands to the member, as a word of the language («nieta»), or null. */
  tellerKin(holderId: string, userId: string, memberId: string, language: Language): Promise<string | null>
}

/**
 * Heard facts as the API gives them: each with its source (who told it, when, the question, the
 * recording), and, while open, what the card holds otherwise and the relative it would link.
 */
export function createFactPresenter({ tree, sources, recordings, tellerName, tellerKin }: PresenterDeps) {
  /** The rows about one member, presented; a row whose answer is gone is left out. */
  async function present(holderId: string, rows: HeardFactRow[], member: MemberFacts, language: Language): Promise<FactProposal[]> {
    const ids = (kind: HeardSource['kind']) => [
      ...new Set(rows.map((row) => (kind === 'interview' ? row.interviewSessionId : row.biographyEntryId)).filter((id): id is string => id !== null)),
    ]
    const [interviews, memories, interviewRecordings, memoryRecordings] = await Promise.all([
      sources.interviews(holderId, ids('interview')),
      sources.memories(holderId, ids('biography')),
      recordings(holderId, 'interview', ids('interview')),
      recordings(holderId, 'biography', ids('biography')),
    ])
    const tellers = new Map<string, { name: string | null; kin: string | null }>()
    for (const facts of [...interviews.values(), ...memories.values()]) {
      if (tellers.has(facts.tellerUserId)) continue
      const [name, kin] = await Promise.all([tellerName(holderId, facts.tellerUserId), tellerKin(holderId, facts.tellerUserId, member.memberId, language)])
      tellers.set(facts.tellerUserId, { name, kin })
    }
    const proposals: FactProposal[] = []
    for (const row of rows) {
      const kind: FactSource['kind'] = row.interviewSessionId ? 'interview' : 'biography'
      const sourceId = (row.interviewSessionId ?? row.biographyEntryId)!
      const facts = (kind === 'interview' ? interviews : memories).get(sourceId)
      if (!facts) continue
      const stored = readValue(row)
      const factKind = row.kind as FactKind
      const isOpen = row.status === 'open'
      const teller = tellers.get(facts.tellerUserId)
      proposals.push({
        id: row.id,
        memberId: row.memberId,
        kind: factKind,
        value: stored.v,
        quote: row.quote,
        source: {
          kind,
          id: sourceId,
          toldAt: facts.toldAt,
          tellerUserId: facts.tellerUserId,
          tellerName: teller?.name ?? null,
          tellerKin: teller?.kin ?? null,
          question: facts.question,
          recordingId: (kind === 'interview' ? interviewRecordings : memoryRecordings).get(sourceId) ?? null,
        },
        status: row.status as FactProposal['status'],
        current: isOpen ? await currentValue(tree, holderId, member, factKind, stored) : null,
        existingMemberId: isOpen && isRelativeFactKind(factKind) ? (existingRelative(member, factKind, stored.v)?.memberId ?? null) : null,
        appliedMemberId: row.appliedMemberId,
        decidedAt: row.decidedAt ? toIsoString(row.decidedAt) : null,
      })
    }
    return proposals
  }

  /**
   * The accepted rows the card still holds as accepted (a field changed by hand since has no
   * citation): a relative while their card is there, a trade, home or nickname always.
   */
  async function held(holderId: string, rows: HeardFactRow[], member: MemberFacts): Promise<HeardFactRow[]> {
    const kept: HeardFactRow[] = []
    for (const row of rows) {
      if (row.status !== 'accepted') continue
      const kind = row.kind as FactKind
      const stored = readValue(row)
      let isHeld = true
      if (isRelativeFactKind(kind)) isHeld = row.appliedMemberId !== null
      else if (kind !== 'occupation' && kind !== 'residence' && kind !== 'nickname') {
        // With the partner it was told with: a marriage is read on that couple's union.
        const now = await currentValue(tree, holderId, member, kind, stored, { evenWhenSame: true })
        isHeld = now !== null && foldValue(now) === foldValue(stored.v)
      }
      if (isHeld) kept.push(row)
    }
    return kept
  }

  return { present, held }
}
export type FactPresenter = ReturnType<typeof createFactPresenter>
