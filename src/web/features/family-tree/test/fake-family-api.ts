import type { CreateMember, FamilyTree, Member, Union, UpdateMember } from '../../../../shared/contracts/family-tree.ts'
import type { TreeChanges, TreeIndex, TreeView } from '../../../../shared/contracts/family-tree-view.ts'
import { treeViewLimits } from '../../../../shared/family-tree/tree-view-limits.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import { genealogyDateSortKey, parseGenealogyDate, serializeGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { FieldIssue } from '../../../../shared/errors.ts'
import { fakeApi, type RecordedRequest } from '../../../test/http.ts'
import { indexEntryOf } from '../lib/tree-index.ts'

let sequence = 0

/** A member as the server returns it, with no relatives unless given. */
export function buildMember(overrides: Partial<Member> = {}): Member {
  sequence += 1
  const createdAt = new Date(Date.UTC(2024, 2, 1, 9, sequence)).toISOString()
  return {
    memberId: `member-${sequence}`,
    firstName: `Nombre${sequence}`,
    lastName: `Apellido${sequence}`,
    relationshipToOwner: 'Primo',
    birthDate: null,
    deathDate: null,
    birthDateSortKey: null,
    deathDateSortKey: null,
    birthPlace: '',
    deathPlace: '',
    notes: '',
    sourceId: null,
    isDeceased: false,
    gender: '',
    bioSummary: '',
    isSelf: false,
    parentMemberIds: [],
    parentLinks: [],
    spouseMemberIds: [],
    unionIds: [],
    childrenMemberIds: [],
    interviewSegments: [],
    keyLifeEvents: [],
    mediaAssetIds: [],
    portraitURL: null,
    linkedUserAccountId: null,
    connectionRequestSentBy: null,
    connectionStatus: null,
    openToViewers: false,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  }
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function errorResponse(status: number, code: string, details?: FieldIssue[]) {
  return jsonResponse({ error: { code, message: code, details } }, status)
}

type Stored = Omit<Member, 'childrenMemberIds'>

/** A date as the server stores it: read in the request's language, kept in the language-free form. */
function storedDate(text: string | null | undefined, language: Language | undefined) {
  const value = text ? parseGenealogyDate(text, language) : null
  return { date: value && serializeGenealogyDate(value), sortKey: value && genealogyDateSortKey(value) }
}

/**
 * An in-memory `/api/family-tree` behind a spied `fetch`, keeping links as the server does:
 * parent links stored once with their kind, children derived from them, spouses symmetric (and one union per
 * couple, with its marriage), dates in the stored form, every link to a deleted member removed.
 * `answerNext` replaces the next answer to one route. `readerUserId` is whom the view starts from
 * (their own card), as the server's session says.
 */
export function fakeFamilyApi(initial: Member[] = [], initialUnions: Union[] = [], { readerUserId = 'u1' }: { readerUserId?: string } = {}) {
  let unions: Union[] = [...initialUnions]
  const stored = new Map<string, Stored>(initial.map(({ childrenMemberIds: _derived, ...member }) => [member.memberId, member]))
  for (const member of initial) for (const child of member.childrenMemberIds) linkParent(child, member.memberId)
  for (const member of initial) for (const spouse of member.spouseMemberIds) linkSpouse(member.memberId, spouse, true)

  function linkParent(childId: string, parentId: string) {
    const child = stored.get(childId)
    if (child && !child.parentMemberIds.includes(parentId)) child.parentMemberIds = [...child.parentMemberIds, parentId]
  }

  function linkSpouse(a: string, b: string, linked: boolean) {
    for (const [one, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const member = stored.get(one)
      if (!member) continue
      const others = member.spouseMemberIds.filter((id) => id !== other)
      member.spouseMemberIds = linked ? [...others, other] : others
    }
  }

  function view(member: Stored): Member {
    const childrenMemberIds = [...stored.values()].filter((m) => m.parentMemberIds.includes(member.memberId)).map((m) => m.memberId)
    const unionIds = unions.filter((u) => u.firstPartnerId === member.memberId || u.secondPartnerId === member.memberId).map((u) => u.unionId)
    // Every parent has a link; one the test did not describe is a parent by birth.
    const parentLinks = member.parentMemberIds.map(
      (parentId) => member.parentLinks.find((link) => link.parentId === parentId) ?? { parentId, unionId: null, kind: 'birth' as const },
    )
    return { ...member, parentMemberIds: [...member.parentMemberIds], parentLinks, spouseMemberIds: [...member.spouseMemberIds], childrenMemberIds, unionIds }
  }

  /** The member's unions become the ones sent; spouses follow them. */
  function writeUnions(memberId: string, sent: NonNullable<CreateMember['unions']>, language: Language | undefined) {
    const partnerOf = (u: Union) => (u.firstPartnerId === memberId ? u.secondPartnerId : u.firstPartnerId)
    const own = unions.filter((u) => u.firstPartnerId === memberId || u.secondPartnerId === memberId)
    for (const union of own) if (partnerOf(union)) linkSpouse(memberId, partnerOf(union)!, false)
    unions = unions.filter((u) => !own.includes(u))
    sent.forEach((union, position) => {
      sequence += 1
      const { date, sortKey } = storedDate(union.marriageDate as string | null | undefined, language)
      const divorce = storedDate(union.divorceDate as string | null | undefined, language)
      unions.push({
        unionId: union.unionId ?? `union-${sequence}`,
        firstPartnerId: memberId,
        secondPartnerId: union.spouseId,
        marriageDate: date,
        marriageDateSortKey: sortKey,
        marriagePlace: union.marriagePlace ?? '',
        isMarried: Boolean(union.isMarried || date || union.marriagePlace),
        divorceDate: divorce.date,
        divorcePlace: union.divorcePlace ?? '',
        notes: union.notes ?? '',
        sourceId: null,
        position,
        children: [],
      })
      if (union.spouseId) linkSpouse(memberId, union.spouseId, true)
    })
  }

  function tree(): FamilyTree {
    const members = [...stored.values()].map(view).sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
    const at = '2024-03-01T09:00:00.000Z'
    return { tree: members.length ? { ownerId: 'u1', treeName: 'Árbol de Rosa', createdAt: at, lastModified: at } : null, members, unions: [...unions] }
  }

  function write(memberId: string, body: UpdateMember) {
    const { childrenMemberIds, spouseMemberIds, unions: sentUnions, language, parentLinks: sentLinks, expectedUpdatedAt, ...fields } = body
    const member = stored.get(memberId)!
    // As the server: an edit made on an older version is refused with the member as stored now.
    if (expectedUpdatedAt !== undefined && expectedUpdatedAt !== member.updatedAt)
      return jsonResponse({ error: { code: 'conflict', message: 'conflict', current: view(member) } }, 409)
    const [birth, death] = [storedDate(fields.birthDate as string | null | undefined, language), storedDate(fields.deathDate as string | null | undefined, language)]
    // Every write a stamp of its own, as the server gives, even two in one millisecond.
    Object.assign(member, fields, { updatedAt: new Date(Math.max(Date.now(), Date.parse(member.updatedAt) + 1)).toISOString() })
    if (fields.birthDate !== undefined) Object.assign(member, { birthDate: birth.date, birthDateSortKey: birth.sortKey })
    if (fields.deathDate !== undefined) Object.assign(member, { deathDate: death.date, deathDateSortKey: death.sortKey })
    if (sentLinks) {
      member.parentMemberIds = sentLinks.map((link) => link.parentId)
      member.parentLinks = sentLinks.map(({ parentId, kind }) => ({
        parentId,
        kind,
        unionId: member.parentLinks.find((link) => link.parentId === parentId && link.kind === kind)?.unionId ?? null,
      }))
    }
    if (sentUnions) writeUnions(memberId, sentUnions, language)
    else if (spouseMemberIds) {
      for (const id of member.spouseMemberIds) if (!spouseMemberIds.includes(id)) linkSpouse(memberId, id, false)
      for (const id of spouseMemberIds) linkSpouse(memberId, id, true)
    }
    if (childrenMemberIds) {
      for (const other of stored.values()) {
        if (childrenMemberIds.includes(other.memberId)) linkParent(other.memberId, memberId)
        else other.parentMemberIds = other.parentMemberIds.filter((id) => id !== memberId)
      }
    }
    return jsonResponse({ member: view(member) }, 200)
  }

  /** A write's answer with what it changed, as the server says it: every member and union that differs from before. */
  async function withChanges(before: FamilyTree, answer: Response, status = answer.status) {
    if (!answer.ok) return answer
    const after = tree()
    const saved = (await answer.json()) as { member: Member }
    return jsonResponse({ member: saved.member, changes: changesBetween(before, after) }, status)
  }

  async function route({ method, path, body }: RecordedRequest, url: URL) {
    if (method === 'GET' && path === '/api/family-tree') return jsonResponse(tree())
    const read = method === 'GET' ? answerTreeRead(tree(), url, readerUserId) : undefined
    if (read) return read
    if (method === 'POST' && path === '/api/family-tree/members') {
      const before = tree()
      const created = buildMember({ parentMemberIds: [], spouseMemberIds: [] })
      const { childrenMemberIds: _none, ...member } = created
      stored.set(member.memberId, member)
      return withChanges(before, write(member.memberId, body as CreateMember), 201)
    }
    const memberId = /^\/api\/family-tree\/members\/([^/]+)$/.exec(path)?.[1]
    if (!memberId || !stored.has(memberId)) return errorResponse(404, 'not_found')
    if (method === 'PATCH') return withChanges(tree(), write(memberId, body as UpdateMember))
    if (method === 'DELETE') {
      const before = tree()
      stored.delete(memberId)
      unions = unions.filter((u) => u.firstPartnerId !== memberId && u.secondPartnerId !== memberId)
      for (const other of stored.values()) {
        other.parentMemberIds = other.parentMemberIds.filter((id) => id !== memberId)
        other.spouseMemberIds = other.spouseMemberIds.filter((id) => id !== memberId)
      }
      return jsonResponse({ changes: changesBetween(before, tree()) })
    }
    return errorResponse(404, 'not_found')
  }

  const { requests, answerNext } = fakeApi(route)

  return {
    requests,
    /** The requests that wrote something (everything but GET). */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    /** The tree as the server would answer it now. */
    tree,
    answerNext,
  }
}

/**
 * The tree page's reads of `tree` as the server answers them (the view, the index, members by
 * ids), or undefined for any other path: for fakes of their own that hold a whole tree.
 */
export function answerTreeRead(tree: FamilyTree, url: URL, readerUserId = 'u1'): Response | undefined {
  if (url.pathname === '/api/family-tree/view') return viewOf(tree, url.searchParams, readerUserId)
  if (url.pathname === '/api/family-tree/index') return jsonResponse(indexOf(tree))
  if (url.pathname === '/api/family-tree/members') {
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean)
    const members = ids.flatMap((id) => tree.members.filter((member) => member.memberId === id))
    const unionIds = new Set(members.flatMap((member) => member.unionIds))
    return jsonResponse({ members, unions: tree.unions.filter((union) => unionIds.has(union.unionId)) })
  }
  return undefined
}

/** What changed from one tree to the next, as a save's answer says it. */
export function changesBetween(before: FamilyTree, after: FamilyTree): TreeChanges {
  const was = new Map(before.members.map((member) => [member.memberId, JSON.stringify(member)]))
  const wasUnion = new Map(before.unions.map((union) => [union.unionId, JSON.stringify(union)]))
  const isIds = new Set(after.members.map((member) => member.memberId))
  const isUnionIds = new Set(after.unions.map((union) => union.unionId))
  return {
    tree: after.tree,
    members: after.members.filter((member) => was.get(member.memberId) !== JSON.stringify(member)),
    unions: after.unions.filter((union) => wasUnion.get(union.unionId) !== JSON.stringify(union)),
    removedMemberIds: before.members.filter((member) => !isIds.has(member.memberId)).map((member) => member.memberId),
    removedUnionIds: before.unions.filter((union) => !isUnionIds.has(union.unionId)).map((union) => union.unionId),
  }
}

/** The index as the server answers it: everyone in the tree's order, a few fields each. */
export function indexOf(tree: FamilyTree): TreeIndex {
  return { tree: tree.tree, version: tree.tree?.lastModified ?? 'empty', people: tree.members.map((member) => indexEntryOf(member)) }
}

/**
 * The view around a centre as the server draws it: the centre, `generations` of parents up and of
 * children down, everyone's partners and the centre's siblings, and the unions of those partners.
 */
function viewOf(tree: FamilyTree, query: URLSearchParams, readerUserId: string) {
  const byId = new Map(tree.members.map((member) => [member.memberId, member]))
  const generations = Number(query.get('generations') ?? treeViewLimits.defaultGenerations)
  const asked = query.get('centre')
  if (asked !== null && !byId.has(asked)) return errorResponse(404, 'not_found')
  // Without one asked: the reader's own card (the keeper's mark, or the card linked to them), else the keeper's, else the first.
  const own = tree.tree?.ownerId === readerUserId ? undefined : tree.members.find((member) => member.linkedUserAccountId === readerUserId)
  const centre = asked !== null ? byId.get(asked) : (own ?? tree.members.find((member) => isSelfMember(member)) ?? tree.members[0])
  const included = new Set<string>()
  const more = { up: false, down: false }
  if (centre) {
    included.add(centre.memberId)
    for (const [side, next] of [
      ['up', (member: Member) => member.parentMemberIds],
      ['down', (member: Member) => member.childrenMemberIds],
    ] as const) {
      let ring = [centre.memberId]
      for (let step = 0; step < generations; step += 1) {
        ring = ring.flatMap((id) => next(byId.get(id)!)).filter((id) => byId.has(id) && !included.has(id))
        for (const id of ring) included.add(id)
      }
      if (ring.some((id) => next(byId.get(id)!).some((other) => byId.has(other) && !included.has(other)))) more[side] = true
    }
    for (const parentId of centre.parentMemberIds) for (const sibling of byId.get(parentId)?.childrenMemberIds ?? []) included.add(sibling)
    for (const id of [...included]) {
      const member = byId.get(id)!
      for (const partner of member.spouseMemberIds) included.add(partner)
      for (const childId of member.childrenMemberIds) for (const other of byId.get(childId)?.parentMemberIds ?? []) if (included.has(childId)) included.add(other)
    }
  }
  const members = tree.members.filter((member) => included.has(member.memberId))
  const view: TreeView = {
    tree: tree.tree,
    centreId: centre?.memberId ?? null,
    generations,
    more,
    truncated: false,
    total: tree.members.length,
    members,
    unions: tree.unions.filter((union) => [union.firstPartnerId, union.secondPartnerId].some((id) => id !== null && included.has(id))),
  }
  return jsonResponse(view)
}

/**
 * A tree someone else keeps, as a relative who joined it meets it: Rosa keeps it (account u1, her
 * own card), her son Luis, and her grandson Tomás, linked to his card (account u2).
 */
export function treeKeptByRosa(): Member[] {
  return [
    buildMember({ memberId: 'rosa', firstName: 'Rosa', lastName: 'Pérez', isSelf: true, relationshipToOwner: 'Yo misma', gender: 'Femenino' }),
    buildMember({ memberId: 'luis', firstName: 'Luis', lastName: 'Gómez', relationshipToOwner: 'Hijo', gender: 'Masculino', parentMemberIds: ['rosa'] }),
    buildMember({
      memberId: 'tomas',
      firstName: 'Tomás',
      lastName: 'Gómez',
      relationshipToOwner: 'Nieto',
      gender: 'Masculino',
      parentMemberIds: ['luis'],
      linkedUserAccountId: 'u2',
    }),
  ]
}
