import type { CreateMember, FamilyTree, Member, Union, UpdateMember } from '../../../../shared/contracts/family-tree.ts'
import { genealogyDateSortKey, parseGenealogyDate, serializeGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { FieldIssue } from '../../../../shared/errors.ts'
import { fakeApi, type RecordedRequest } from '../../../test/http.ts'

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
 * `answerNext` replaces the next answer to one route.
 */
export function fakeFamilyApi(initial: Member[] = [], initialUnions: Union[] = []) {
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

  async function route({ method, path, body }: RecordedRequest) {
    if (method === 'GET' && path === '/api/family-tree') return jsonResponse(tree())
    if (method === 'POST' && path === '/api/family-tree/members') {
      const created = buildMember({ parentMemberIds: [], spouseMemberIds: [] })
      const { childrenMemberIds: _none, ...member } = created
      stored.set(member.memberId, member)
      const answer = write(member.memberId, body as CreateMember)
      return jsonResponse(await answer.json(), 201)
    }
    const memberId = /^\/api\/family-tree\/members\/([^/]+)$/.exec(path)?.[1]
    if (!memberId || !stored.has(memberId)) return errorResponse(404, 'not_found')
    if (method === 'PATCH') return write(memberId, body as UpdateMember)
    if (method === 'DELETE') {
      stored.delete(memberId)
      unions = unions.filter((u) => u.firstPartnerId !== memberId && u.secondPartnerId !== memberId)
      for (const other of stored.values()) {
        other.parentMemberIds = other.parentMemberIds.filter((id) => id !== memberId)
        other.spouseMemberIds = other.spouseMemberIds.filter((id) => id !== memberId)
      }
      return new Response(null, { status: 204 })
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
