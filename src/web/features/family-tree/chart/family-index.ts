import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { parentKinds, type ParentKind } from '../../../../shared/family-tree/parent-kinds.ts'
import { storedDateSortKey } from '../../../../shared/genealogy-date/index.ts'

/** The fields the chart's layout reads; tests and benchmarks can build just these. */
export type LayoutMember = Pick<Member, 'memberId' | 'parentMemberIds' | 'spouseMemberIds'> & Partial<Pick<Member, 'birthDate' | 'birthDateSortKey' | 'gender' | 'parentLinks'>>

/**
 * Parents and the children they share. A member with one known parent makes a one-parent family;
 * a child with birth and adoptive parents is a child of two families, one per kind.
 */
export interface Family {
  key: string
  /** Father first when the genders say so, as family charts draw them. */
  parentIds: readonly string[]
  /** Oldest first; members without a birth date after those with one, in their given order. */
  childIds: string[]
  /** The children who are not the parents' by birth, with how they are theirs. */
  childKinds?: Map<string, Exclude<ParentKind, 'birth'>>
}

export interface FamilyIndex<M extends LayoutMember = LayoutMember> {
  members: ReadonlyMap<string, M>
  families: ReadonlyMap<string, Family>
  /**
   * Member → the key of the family the chart draws above them: the one they were born into, or,
   * with no birth parent in the tree, their first other kind (adoptive, foster…).
   */
  birthFamily: ReadonlyMap<string, string>
  /** Member → the keys of every family they are a child of, birth first (only those with more than one). */
  otherFamilies: ReadonlyMap<string, readonly string[]>
  /** Member → the keys of the families in which they are a parent. */
  parentFamilies: ReadonlyMap<string, readonly string[]>
  /** Member → spouses who are members of the tree. */
  spouses: ReadonlyMap<string, readonly string[]>
}

/** The same parents give the same key whatever order the member lists them in. */
export function familyKey(parentIds: readonly string[]): string {
  if (parentIds.length === 1) return parentIds[0]!
  if (parentIds.length === 2) return parentIds[0]! < parentIds[1]! ? `${parentIds[0]}+${parentIds[1]}` : `${parentIds[1]}+${parentIds[0]}`
  return [...parentIds].sort().join('+')
}

const genderOrder = (member: LayoutMember | undefined) => (member?.gender === 'Masculino' ? 0 : member?.gender === 'Femenino' ? 2 : 1)

/**
 * A member's parents grouped by kind, birth first: `[['birth', ids]]` for the usual member (with
 * no kinds given, every parent is one by birth).
 */
function parentsByKind(member: LayoutMember): [ParentKind, string[]][] {
  const links = member.parentLinks
  if (!links || links.every((link) => link.kind === 'birth')) return [['birth', [...member.parentMemberIds]]]
  const kindOf = new Map(links.map((link) => [link.parentId, link.kind]))
  return parentKinds.map((kind): [ParentKind, string[]] => [kind, member.parentMemberIds.filter((id) => (kindOf.get(id) ?? 'birth') === kind)]).filter(([, ids]) => ids.length > 0)
}

/** The ids in `ids` that are other members of the tree, each once (the lists hold a few ids). */
function knownIds(ids: readonly string[], self: string, members: ReadonlyMap<string, unknown>): string[] {
  const known: string[] = []
  for (const id of ids) if (id !== self && members.has(id) && !known.includes(id)) known.push(id)
  return known
}

/**
 * Groups members into families in one pass (plus a sort of each family's children). Links to ids
 * that are not in `members` are ignored, so a stale list never breaks the chart.
 */
export function buildFamilyIndex<M extends LayoutMember>(members: readonly M[]): FamilyIndex<M> {
  const steps = familyIndexSteps(members, Infinity)
  let step = steps.next()
  while (!step.done) step = steps.next()
  return step.value
}

/** Members (or families, while sorting) handled between two pauses of `familyIndexSteps`. */
export const indexSliceSize = 1500

/**
 * `buildFamilyIndex` as a generator that pauses after every `sliceSize` members or families, so a
 * tree of tens of thousands can be indexed in short tasks that let the page answer in between.
 */
export function* familyIndexSteps<M extends LayoutMember>(members: readonly M[], sliceSize = indexSliceSize): Generator<void, FamilyIndex<M>> {
  const byId = new Map<string, M>()
  for (const member of members) byId.set(member.memberId, member)
  const families = new Map<string, Family>()
  const birthFamily = new Map<string, string>()
  const otherFamilies = new Map<string, string[]>()
  const parentFamilies = new Map<string, string[]>()
  const spouses = new Map<string, string[]>()

  let done = 0
  for (const member of members) {
    if (++done % sliceSize === 0) yield
    const partners = knownIds(member.spouseMemberIds, member.memberId, byId)
    if (partners.length > 0) spouses.set(member.memberId, partners)
    for (const [kind, ids] of parentsByKind(member)) {
      const known = knownIds(ids, member.memberId, byId)
      if (known.length === 0) continue
      const key = familyKey(known)
      let family = families.get(key)
      if (!family) {
        const parentIds = known.sort((a, b) => genderOrder(byId.get(a)) - genderOrder(byId.get(b)) || (a < b ? -1 : 1))
        family = { key, parentIds, childIds: [] }
        families.set(key, family)
        for (const parentId of parentIds) {
          const list = parentFamilies.get(parentId)
          if (list) list.push(key)
          else parentFamilies.set(parentId, [key])
        }
      }
      // The same parents with two children of different kinds (one born, one adopted) are one family.
      if (family.childIds.includes(member.memberId)) continue
      family.childIds.push(member.memberId)
      if (kind !== 'birth') (family.childKinds ??= new Map()).set(member.memberId, kind)
      const first = birthFamily.get(member.memberId)
      if (first === undefined) birthFamily.set(member.memberId, key)
      else otherFamilies.set(member.memberId, [...(otherFamilies.get(member.memberId) ?? [first]), key])
    }
  }

  // Oldest first by the dates' sort key ("hacia 1920" before 1921); the sort is stable, so the
  // undated keep the order they were given in. Each key is worked out once per child, not once
  // per comparison: reading a date as written is the costliest step of the whole index.
  const keys = new Map<string, number>()
  const birth = (id: string) => {
    let key = keys.get(id)
    if (key === undefined) {
      const member = byId.get(id)!
      // The server's key, or one from the date for members built without it (tests, benchmarks).
      key = member.birthDateSortKey ?? storedDateSortKey(member.birthDate) ?? Infinity
      keys.set(id, key)
    }
    return key
  }
  for (const family of families.values()) {
    if (family.childIds.length < 2) continue
    family.childIds.sort((a, b) => birth(a) - birth(b))
    if ((done += family.childIds.length) % sliceSize < family.childIds.length) yield
  }
  return { members: byId, families, birthFamily, otherFamilies, parentFamilies, spouses }
}

export interface Relatives {
  parents: string[]
  partners: string[]
  siblings: string[]
  children: string[]
  /** Parents and children who are not one by birth, with how (adoptive, foster…). */
  kinds: Map<string, Exclude<ParentKind, 'birth'>>
}

/** How `childId` belongs to the parents of family `key`: by birth unless the family says otherwise. */
export function childKind(index: FamilyIndex, key: string, childId: string): ParentKind {
  return index.families.get(key)?.childKinds?.get(childId) ?? 'birth'
}

/**
 * The people one step away from `memberId`, for the chart's list view: every parent (birth,
 * adoptive…), half-siblings and the siblings of each family they are a child of included.
 */
export function relativesOf(index: FamilyIndex, memberId: string): Relatives {
  const birthKey = index.birthFamily.get(memberId)
  const ownFamilies = index.otherFamilies.get(memberId) ?? (birthKey ? [birthKey] : [])
  const parents = [...new Set(ownFamilies.flatMap((key) => index.families.get(key)!.parentIds))]
  const kinds = new Map<string, Exclude<ParentKind, 'birth'>>()
  for (const key of ownFamilies) {
    const kind = index.families.get(key)!.childKinds?.get(memberId)
    if (kind) for (const parentId of index.families.get(key)!.parentIds) kinds.set(parentId, kind)
  }
  const siblings = new Set<string>()
  for (const parentId of parents) {
    for (const key of index.parentFamilies.get(parentId) ?? []) for (const id of index.families.get(key)!.childIds) siblings.add(id)
  }
  siblings.delete(memberId)
  const partners = new Set(index.spouses.get(memberId) ?? [])
  const children: string[] = []
  for (const key of index.parentFamilies.get(memberId) ?? []) {
    const family = index.families.get(key)!
    for (const parentId of family.parentIds) if (parentId !== memberId) partners.add(parentId)
    children.push(...family.childIds)
    for (const [childId, kind] of family.childKinds ?? []) kinds.set(childId, kind)
  }
  return { parents, partners: [...partners], siblings: [...siblings], children, kinds }
}
