import type { AcceptFact, FactList, FactProposal } from '../../../shared/contracts/facts.ts'
import type { MemberFacts } from '../../../shared/contracts/family-tree.ts'
import type { PortableHeardFact } from '../../../shared/contracts/portability.ts'
import { isRelativeFactKind, knownOf, readFacts, type FactGap, type FactKind, type FactProposal as HeardProposal, type KnownOfMember } from '../../../shared/facts/index.ts'
import { isSelfMember } from '../../../shared/family-tree/self-member.ts'
import type { Language } from '../../../shared/limits.ts'
import { nowIso, toIsoString } from '../../db/timestamps.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { KeptAnswer } from '../../lib/chat/heard-answers.ts'
import { newId } from '../../lib/ids.ts'
import { applyFact, currentValue } from './facts.apply.ts'
import { createFactPresenter, foldValue, readValue, valueOf, type PresenterDeps, type StoredValue } from './facts.present.ts'
import type { FactRepository } from './facts.repository.ts'
import type { HeardFactRow } from './facts.tables.ts'

type HeardAnswer = KeptAnswer

/** What the model heard, when there is one (the guided mode hears nothing this way). */
export type Listener = (input: {
  answer: string
  question: string | null
  language: Language
  subject: { name: string; isTeller: boolean }
  thisYear: number
  birthYear?: number
  /** Whose share of the AI budget the reading counts against. */
  tellerId: string
}) => Promise<HeardProposal[]>

interface Logger {
  warn(details: object, message: string): void
}

interface Deps extends PresenterDeps {
  repo: FactRepository
  /** The facts the question asked for (a guided question about the birthplace makes «En Pasto» one). */
  asksOf(question: string | null, subject: { name: string; isDeceased: boolean }): FactKind[]
  listen: Listener
  /** What is still unknown about the member, most wanted first. */
  gapsOf(member: KnownOfMember, told: { answers: readonly string[]; cited: readonly FactKind[] }): FactGap[]
  /** The answers told about the member (or, for the own card, the memories), for the gaps. */
  answersAbout(holderId: string, memberId: string): Promise<string[]>
  /** How long a list waits for the proposals a model is still making about the member. */
  waitMs: number
  log: Logger
}

/**
 * Facts heard in conversations (docs/product.md#facts): each answer is read for the facts it
 * states about its person, which wait as proposals until someone who edits the tree accepts,
 * edits or dismisses them. Nothing reaches the tree unaccepted; an accepted fact is the citation
 * of what it filled for as long as the tree holds that value.
 */
export function createFactService(deps: Deps) {
  const { repo, tree, log } = deps
  const { present, held } = createFactPresenter(deps)
  /** Proposals still being made, per member: a list waits for them. */
  const hearing = new Map<string, Set<Promise<void>>>()

  function track(memberId: string, work: Promise<void>) {
    const set = hearing.get(memberId) ?? new Set()
    hearing.set(memberId, set)
    const done = work.catch((error: unknown) => log.warn({ err: error, memberId }, 'facts heard in an answer could not be kept'))
    set.add(done)
    void done.finally(() => {
      set.delete(done)
      if (set.size === 0) hearing.delete(memberId)
    })
  }

  async function keep(input: HeardAnswer, proposals: HeardProposal[]) {
    const now = nowIso()
    await repo.insertNew(
      proposals.map((proposal) => ({
        id: newId(),
        ownerUserId: input.holderId,
        memberId: input.memberId,
        interviewSessionId: input.source.kind === 'interview' ? input.source.id : null,
        biographyEntryId: input.source.kind === 'biography' ? input.source.id : null,
        kind: proposal.kind,
        value: JSON.stringify({ v: valueOf(proposal), ...('spouse' in proposal && proposal.spouse ? { spouse: proposal.spouse } : {}) } satisfies StoredValue),
        valueKey: foldValue(valueOf(proposal)),
        quote: proposal.quote.text,
        quoteStart: proposal.quote.start,
        status: 'open',
        createdAt: now,
      })),
    )
  }

  async function hear(input: HeardAnswer): Promise<void> {
    const member = await tree.memberFacts(input.holderId, input.memberId)
    if (!member) return
    const thisYear = new Date().getUTCFullYear()
    const birthYear = member.birthDate ? Number(/\d{4}/.exec(String(member.birthDate))?.[0]) || undefined : undefined
    const names = [
      member.firstName,
      `${member.firstName} ${member.lastName}`.trim(),
      ...(member.relationshipToOwner && !isSelfMember(member) ? [`mi ${member.relationshipToOwner}`] : []),
    ]
    const asks = deps.asksOf(input.question, { name: member.firstName, isDeceased: member.isDeceased })
    const read = readFacts(input.answer, input.language, { asks, subject: { isTeller: input.isTeller, names, birthYear }, thisYear })
    // What the words say plainly is kept at once; a model's reading, slower, joins it.
    await keep(input, read)
    const heard = await deps.listen({
      answer: input.answer,
      question: input.question,
      language: input.language,
      subject: { name: member.firstName, isTeller: input.isTeller },
      tellerId: input.tellerId,
      thisYear,
      ...(birthYear ? { birthYear } : {}),
    })
    await keep(input, heard)
  }

  async function waitFor(memberId: string) {
    const pending = hearing.get(memberId)
    if (!pending || pending.size === 0) return
    let timer: NodeJS.Timeout | undefined
    await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (timer = setTimeout(resolve, deps.waitMs)))])
    clearTimeout(timer)
  }

  /** What is still unknown about the member, given the facts the card holds as accepted. */
  async function gaps(holderId: string, member: MemberFacts, cited: readonly HeardFactRow[]): Promise<FactGap[]> {
    const answers = await deps.answersAbout(holderId, member.memberId)
    return deps.gapsOf(knownOf(member), { answers, cited: [...new Set(cited.map((row) => row.kind as FactKind))] })
  }

  return {
    /**
     * Reads an answer just kept for the facts it states: what it says plainly at once, a model's
     * reading when there is one. Runs on its own: the reply to the person never waits for it.
     */
    heard(input: HeardAnswer): void {
      track(input.memberId, hear(input))
    },

    /** The answer's words changed: its open proposals are heard again from the new words (decided ones stay). */
    heardAgain(input: HeardAnswer): void {
      track(
        input.memberId,
        (async () => {
          await repo.dropOpenOf(input.holderId, input.source.kind === 'interview' ? { interviewSessionId: input.source.id } : { biographyEntryId: input.source.id })
          await hear(input)
        })(),
      )
    },

    /** What was heard about a member: open proposals, the citations of what the tree holds, and what is still unknown. */
    async list(holderId: string, memberId: string, language: Language): Promise<FactList> {
      const member = await tree.memberFacts(holderId, memberId)
      if (!member) throw notFound('Member')
      await waitFor(memberId)
      const rows = await repo.listForMember(holderId, memberId)
      const cited = await held(holderId, rows, member)
      return {
        open: await present(
          holderId,
          rows.filter((row) => row.status === 'open'),
          member,
          language,
        ),
        cited: await present(holderId, cited, member, language),
        unknown: await gaps(holderId, member, cited),
      }
    },

    /** What is still unknown about the member, most wanted first: what Ana or Cronos asks after. */
    async unknownAbout(holderId: string, memberId: string): Promise<FactGap[]> {
      const member = await tree.memberFacts(holderId, memberId)
      return member ? this.unknownOf(holderId, member) : []
    },

    /** The same, for a member the caller has already read. */
    async unknownOf(holderId: string, member: MemberFacts): Promise<FactGap[]> {
      return gaps(holderId, member, await held(holderId, await repo.listForMember(holderId, member.memberId), member))
    },

    /**
     * Accepts a proposal, as heard or as edited: fills the field, adds or links the relative, or
     * keeps the occupation, home or nickname as a fact of its own. What the tree holds otherwise is
     * replaced only with `replace`; without it the answer is `facts.contradicts` with both.
     */
    async accept(
      actor: { holderId: string; userId: string },
      id: string,
      input: AcceptFact & { language: Language },
    ): Promise<{ proposal: FactProposal; changedMemberIds: string[] }> {
      const row = await repo.findById(actor.holderId, id)
      if (!row) throw notFound('Fact')
      if (row.status !== 'open') throw new AppError('facts.decided', 'This fact was already accepted or dismissed')
      const member = await tree.memberFacts(actor.holderId, row.memberId)
      if (!member) throw notFound('Member')
      const kind = row.kind as FactKind
      const stored = readValue(row)
      const value = input.value ?? stored.v
      if ((typeof value === 'string') === isRelativeFactKind(kind))
        throw new AppError('validation_failed', 'The value does not fit this kind of fact', [{ path: 'value', code: 'validation.invalid' }])
      const edited: StoredValue = { ...stored, v: value }
      const current = await currentValue(tree, actor.holderId, member, kind, edited)
      if (current !== null && !input.replace) {
        const [proposal] = await present(actor.holderId, [row], member, input.language)
        throw new AppError('facts.contradicts', 'The tree holds something else for this fact; send replace to use what was told', undefined, {}, undefined, proposal)
      }
      const applied = await applyFact(tree, { holderId: actor.holderId, authorId: actor.userId, language: input.language }, member, kind, edited)
      const decided = await repo.decide(actor.holderId, id, {
        status: 'accepted',
        value: JSON.stringify({ ...edited, v: applied.value }),
        decidedAt: nowIso(),
        decidedByUserId: actor.userId,
        appliedMemberId: applied.relativeId ?? null,
      })
      if (!decided) throw new AppError('facts.decided', 'This fact was already accepted or dismissed')
      const after = (await repo.findById(actor.holderId, id))!
      const [proposal] = await present(actor.holderId, [after], (await tree.memberFacts(actor.holderId, row.memberId)) ?? member, input.language)
      return { proposal: proposal!, changedMemberIds: applied.changedMemberIds }
    },

    /** Dismisses a proposal: it is never proposed again from that answer. */
    async dismiss(actor: { holderId: string; userId: string }, id: string): Promise<void> {
      const row = await repo.findById(actor.holderId, id)
      if (!row) throw notFound('Fact')
      if (row.status !== 'open') throw new AppError('facts.decided', 'This fact was already accepted or dismissed')
      if (!(await repo.decide(actor.holderId, id, { status: 'dismissed', decidedAt: nowIso(), decidedByUserId: actor.userId })))
        throw new AppError('facts.decided', 'This fact was already accepted or dismissed')
    },

    /** Every accepted fact the tree still holds, with its source: the citations a GEDCOM export writes. */
    async citedFacts(holderId: string, language: Language = 'es'): Promise<FactProposal[]> {
      const rows = await repo.listAccepted(holderId)
      const byMember = new Map<string, HeardFactRow[]>()
      for (const row of rows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row])
      const cited: FactProposal[] = []
      for (const [memberId, own] of byMember) {
        const member = await tree.memberFacts(holderId, memberId)
        if (!member) continue
        cited.push(...(await present(holderId, await held(holderId, own, member), member, language)))
      }
      return cited
    },

    /** Every fact heard in the holder's tree, with the decision made on it, for their export. */
    async exportFacts(holderId: string): Promise<PortableHeardFact[]> {
      return (await repo.listAll(holderId)).map((row) => {
        const stored = readValue(row)
        return {
          id: row.id,
          memberId: row.memberId,
          interviewSessionId: row.interviewSessionId,
          biographyEntryId: row.biographyEntryId,
          kind: row.kind as FactKind,
          value: stored.v,
          ...(stored.spouse ? { spouse: stored.spouse } : {}),
          valueKey: row.valueKey,
          quote: row.quote,
          quoteStart: row.quoteStart,
          status: row.status as PortableHeardFact['status'],
          decidedAt: row.decidedAt ? toIsoString(row.decidedAt) : null,
          appliedMemberId: row.appliedMemberId,
          createdAt: toIsoString(row.createdAt),
        }
      })
    },

    /**
     * Facts from an export, already given their new ids, members and answers: all or none. Who
     * decided is not known here; the decisions themselves stay as they were.
     */
    async restoreFacts(holderId: string, facts: PortableHeardFact[]): Promise<void> {
      await repo.insertMany(
        facts.map((fact) => ({
          id: fact.id,
          ownerUserId: holderId,
          memberId: fact.memberId,
          interviewSessionId: fact.interviewSessionId,
          biographyEntryId: fact.biographyEntryId,
          kind: fact.kind,
          value: JSON.stringify({ v: fact.value, ...(fact.spouse ? { spouse: fact.spouse } : {}) } satisfies StoredValue),
          valueKey: fact.valueKey ?? foldValue(fact.value),
          quote: fact.quote,
          quoteStart: fact.quoteStart,
          status: fact.status,
          decidedAt: fact.decidedAt === null ? null : toIsoString(fact.decidedAt),
          appliedMemberId: fact.appliedMemberId,
          createdAt: toIsoString(fact.createdAt),
        })),
      )
    },

    /** Resolves once the proposals under way are kept (shutting down waits for them). */
    async drain(): Promise<void> {
      await Promise.allSettled([...hearing.values()].flatMap((set) => [...set]))
    },
  }
}
export type FactService = ReturnType<typeof createFactService>
