import { z } from 'zod'
import { createMemberSchema, parentKinds, type BatchProblem, type FamilyTree } from '../../../shared/contracts/family-tree.ts'
import type { ImportReport, ImportSkipReason } from '../../../shared/contracts/portability.ts'
import type { Batch, BatchLink, BatchOptions, BatchReport, BatchUnion } from '../family-tree/family-tree.service.ts'

type Skipped = ImportReport['kinds'][number]['skipped']
/** `ids` and `unionIds`: old id → new id of each member and union restored. */
export type FamilyTreeRestore = (
  userId: string,
  tree: unknown,
) => Promise<{ found: number; restored: number; skipped: Skipped; ids: Map<string, string>; unionIds: Map<string, string> }>

/** The tree service's functions the restore goes through: its batch path, with the form's rules. */
interface TreeService {
  getTree(userId: string): Promise<FamilyTree>
  applyBatch(ownerId: string, batch: Batch, options: BatchOptions): Promise<BatchReport>
}

const id = z.string().min(1).max(100)
const nullableText = z.string().nullable().default(null)
/** A member as the export holds it: the form's fields, its old id, its source id and its relatives' old ids. */
const exportedMemberSchema = createMemberSchema.omit({ parentMemberIds: true, spouseMemberIds: true, childrenMemberIds: true, unions: true, language: true }).extend({
  memberId: id,
  sourceId: z.string().max(200).nullable().default(null),
  parentMemberIds: z.array(id).max(50).default([]),
  /** Absent from exports written before parent links had a family and a kind. */
  parentLinks: z
    .array(z.object({ parentId: id, unionId: id.nullable().default(null), kind: z.enum(parentKinds).default('birth') }))
    .max(50)
    .optional(),
  spouseMemberIds: z.array(id).max(50).default([]),
})
/** A union as the export holds it; its children come from the members' parent links. */
const exportedUnionSchema = z.object({
  unionId: id,
  firstPartnerId: id.nullable().default(null),
  secondPartnerId: id.nullable().default(null),
  marriageDate: nullableText,
  marriagePlace: z.string().default(''),
  /** Absent from exports written before a marriage was told from partners: the batch reads a date or place as one. */
  isMarried: z.boolean().optional(),
  divorceDate: nullableText,
  divorcePlace: z.string().default(''),
  notes: z.string().default(''),
  sourceId: z.string().max(200).nullable().default(null),
  position: z.number().int().min(0).max(10_000).default(0),
  /** The children in the union's order; absent from exports written before the order was kept. */
  children: z.array(z.object({ childId: id })).optional(),
})
/** `unions` is absent from exports written before unions were rows: their couples are `spouseMemberIds`. */
const exportedTreeSchema = z.object({ members: z.array(z.unknown()), unions: z.array(z.unknown()).optional() })

type ExportedMember = z.output<typeof exportedMemberSchema>
type ExportedUnion = z.output<typeof exportedUnionSchema>

function parseAll<T>(raw: unknown[], schema: z.ZodType<T>, idOf: (item: unknown, index: number) => string, skipped: Skipped): T[] {
  return raw.flatMap((item, index) => {
    const parsed = schema.safeParse(item)
    if (parsed.success) return [parsed.data]
    skipped.push({ id: idOf(item, index), reason: 'invalid', detail: parsed.error.issues.map((issue) => issue.path.join('.')).join(', ') })
    return []
  })
}

/**
 * The couples of an export written before unions were rows: one union per pair of spouses, in
 * the order the first of them lists the other (the form wrote them so).
 */
function unionsOfSpouses(members: ExportedMember[]): ExportedUnion[] {
  const known = new Set(members.map((m) => m.memberId))
  const pairs = new Map<string, ExportedUnion>()
  for (const member of members) {
    member.spouseMemberIds.forEach((spouse, position) => {
      if (!known.has(spouse) || spouse === member.memberId) return
      const [a, b] = [member.memberId, spouse].sort() as [string, string]
      const unionId = `spouses:${a}:${b}`
      if (!pairs.has(unionId))
        pairs.set(unionId, {
          unionId,
          firstPartnerId: member.memberId,
          secondPartnerId: spouse,
          marriageDate: null,
          marriagePlace: '',
          divorceDate: null,
          divorcePlace: '',
          notes: '',
          sourceId: null,
          position,
        })
    })
  }
  return [...pairs.values()]
}

/** Each child's links to its parents, with the family and kind the export gives them. */
function linksOf(members: ExportedMember[], unions: ExportedUnion[]): BatchLink[] {
  const unionIds = new Set(unions.map((u) => u.unionId))
  const placeIn = new Map(unions.flatMap((u) => (u.children ?? []).map((child, position) => [`${u.unionId} ${child.childId}`, position] as const)))
  const couple = new Map(unions.map((u) => [[u.firstPartnerId, u.secondPartnerId].sort().join(' '), u.unionId]))
  return members.flatMap((member) => {
    if (member.parentLinks) {
      return member.parentLinks.map((link) => ({
        child: member.memberId,
        parent: link.parentId,
        kind: link.kind,
        ...(link.unionId && unionIds.has(link.unionId) ? { union: link.unionId } : {}),
        ...(link.unionId && placeIn.has(`${link.unionId} ${member.memberId}`) ? { position: placeIn.get(`${link.unionId} ${member.memberId}`)! } : {}),
      }))
    }
    // An older export says only who the parents are: by birth, in the couple they form if they are one.
    const union = couple.get([...member.parentMemberIds].sort().join(' '))
    return member.parentMemberIds.map((parent) => ({ child: member.memberId, parent, kind: 'birth' as const, ...(member.parentMemberIds.length === 2 && union ? { union } : {}) }))
  })
}

const reasonOf = (problem: BatchProblem): ImportSkipReason => {
  if (problem.code === 'member.source_id_taken') return 'source_id_taken'
  if (problem.code === 'member.unknown_relative') return 'missing_reference'
  return problem.code.startsWith('validation.') ? 'invalid' : 'rejected_by_rules'
}

/**
 * The family tree's kind, through the tree's batch path: every member, union (marriage date and
 * place, divorce, notes) and parent link (its family and kind: birth, adopted…) as the export
 * says, under new ids, in one transaction, with the form's rules. Source ids come back with
 * their people, so a later GEDCOM import of the same file updates them instead of duplicating;
 * but a restore adds and never merges: a member whose source id the account already has (the
 * same file imported there before, or this export restored twice) is added beside that person,
 * without the source id, and the report says so. Whatever the rules refuse or only partly keep
 * is reported per item; a relative that was not restored is left out of the links.
 */
export function familyTreeKind(tree: TreeService): { exportTree: TreeService['getTree']; restoreTree: FamilyTreeRestore } {
  return {
    exportTree: (userId) => tree.getTree(userId),
    async restoreTree(userId, raw) {
      const parsed = exportedTreeSchema.safeParse(raw)
      if (!parsed.success) return { found: 0, restored: 0, skipped: [{ id: 'family-tree.json', reason: 'invalid' }], ids: new Map(), unionIds: new Map() }
      const skipped: Skipped = []
      const idOf = (key: string) => (item: unknown, index: number) => String((item as Record<string, unknown> | null)?.[key] ?? index)
      const members = parseAll(parsed.data.members, exportedMemberSchema, idOf('memberId'), skipped)
      const unions = parsed.data.unions ? parseAll(parsed.data.unions, exportedUnionSchema, idOf('unionId'), skipped) : unionsOfSpouses(members)
      const links = linksOf(members, unions)

      const batchUnions: BatchUnion[] = unions.map(({ unionId, firstPartnerId, secondPartnerId, sourceId, children: _children, ...fields }) => ({
        ...fields,
        ref: unionId,
        firstPartner: firstPartnerId,
        secondPartner: secondPartnerId,
        sourceId: sourceId ?? undefined,
      }))
      const report = await tree.applyBatch(
        userId,
        {
          members: members.map(({ memberId, sourceId, parentMemberIds: _p, parentLinks: _l, spouseMemberIds: _s, ...fields }) => ({
            ...fields,
            ref: memberId,
            sourceId: sourceId ?? undefined,
          })),
          unions: batchUnions,
          links,
        },
        { bySourceId: false, restore: true },
      )
      // Only what did not come back as it was: a date kept as written, a death before the birth kept, are not losses.
      for (const problem of report.problems) {
        if (problem.outcome === 'kept') continue
        const oldId = problem.item === 'member' ? members[problem.index]?.memberId : problem.item === 'union' ? unions[problem.index]?.unionId : links[problem.index]?.child
        const detail = [problem.item === 'member' ? '' : problem.item, problem.path, problem.code, problem.outcome === 'skipped' ? '' : problem.outcome].filter(Boolean).join(' ')
        skipped.push({ id: oldId ?? String(problem.index), reason: reasonOf(problem), detail })
      }
      const ids = new Map(members.flatMap((m) => (report.memberIds.has(m.memberId) ? [[m.memberId, report.memberIds.get(m.memberId)!] as const] : [])))
      const unionIds = new Map(unions.flatMap((u) => (report.unionIds.has(u.unionId) ? [[u.unionId, report.unionIds.get(u.unionId)!] as const] : [])))
      // A restore updates no member but the own card sign-up made, which the restored self takes over.
      return { found: parsed.data.members.length, restored: report.members.created + report.members.updated, skipped, ids, unionIds }
    },
  }
}
