import { z } from 'zod'
import { createMemberSchema, type FamilyTree, type Member } from '../../../shared/contracts/family-tree.ts'
import type { ImportReport } from '../../../shared/contracts/portability.ts'
import { AppError } from '../../lib/app-error.ts'
import type { NewMember } from '../family-tree/family-tree.service.ts'

type Skipped = ImportReport['kinds'][number]['skipped']
export type FamilyTreeRestore = (userId: string, tree: unknown) => Promise<{ found: number; restored: number; skipped: Skipped; ids: Map<string, string> }>

/** The tree service's functions the restore goes through (the same rules as the member form). */
interface TreeService {
  getTree(userId: string): Promise<FamilyTree>
  addMember(userId: string, input: NewMember): Promise<Member>
  updateMember(userId: string, memberId: string, changes: { parentMemberIds: string[]; spouseMemberIds: string[] }): Promise<Member>
}

const id = z.string().min(1).max(100)
/** A member as the export holds it: the form's fields, with its old id and its relatives' old ids. */
const exportedMemberSchema = createMemberSchema.omit({ parentMemberIds: true, spouseMemberIds: true, childrenMemberIds: true }).extend({
  memberId: id,
  parentMemberIds: z.array(id).max(10).default([]),
  spouseMemberIds: z.array(id).max(50).default([]),
})
const exportedTreeSchema = z.object({ members: z.array(z.unknown()) })

const detailOf = (error: AppError) => [error.code, ...(error.details ?? []).map((issue) => issue.code)].join(' ')

/**
 * The family tree's kind, through its service as it is today: every member is added with the
 * form's rules (new ids), then its parents and spouses are set with the new ids, so the
 * children follow from the parents. A member the rules refuse is reported with their reason;
 * a relative that was not restored is left out of the links. Members are written one by one,
 * not in one transaction: the tree has no batch path to write through yet.
 */
export function familyTreeKind(tree: TreeService): { exportTree: TreeService['getTree']; restoreTree: FamilyTreeRestore } {
  return {
    exportTree: (userId) => tree.getTree(userId),
    async restoreTree(userId, raw) {
      const parsed = exportedTreeSchema.safeParse(raw)
      if (!parsed.success) return { found: 0, restored: 0, skipped: [{ id: 'family-tree.json', reason: 'invalid' }], ids: new Map() }
      const skipped: Skipped = []
      const ids = new Map<string, string>()
      const members: z.output<typeof exportedMemberSchema>[] = []
      for (const [index, item] of parsed.data.members.entries()) {
        const member = exportedMemberSchema.safeParse(item)
        if (!member.success) {
          skipped.push({ id: String((item as { memberId?: unknown })?.memberId ?? index), reason: 'invalid', detail: member.error.issues.map((issue) => issue.path.join('.')).join(', ') })
        } else members.push(member.data)
      }
      for (const { memberId, parentMemberIds: _parents, spouseMemberIds: _spouses, ...fields } of members) {
        try {
          ids.set(memberId, (await tree.addMember(userId, fields)).memberId)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          skipped.push({ id: memberId, reason: 'rejected_by_rules', detail: detailOf(error) })
        }
      }
      for (const member of members) {
        const newId = ids.get(member.memberId)
        const parentMemberIds = member.parentMemberIds.flatMap((old) => ids.get(old) ?? [])
        const spouseMemberIds = member.spouseMemberIds.flatMap((old) => ids.get(old) ?? [])
        if (!newId || (parentMemberIds.length === 0 && spouseMemberIds.length === 0)) continue
        try {
          await tree.updateMember(userId, newId, { parentMemberIds, spouseMemberIds })
        } catch (error) {
          if (!(error instanceof AppError)) throw error
          skipped.push({ id: member.memberId, reason: 'rejected_by_rules', detail: `relatives: ${detailOf(error)}` })
        }
      }
      return { found: parsed.data.members.length, restored: ids.size, skipped, ids }
    },
  }
}
