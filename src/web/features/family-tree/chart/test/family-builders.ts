import type { Gender, Member } from '../../../../../shared/contracts/family-tree.ts'
import { asStoredDate } from '../../../../../shared/genealogy-date/index.ts'

const timestamp = '2024-03-01T09:00:00.000Z'

/** A member as the server returns it; `withDerivedLinks` fills children and mirrors spouses. */
export function buildMember(overrides: Partial<Member> & Pick<Member, 'memberId'>): Member {
  return {
    firstName: overrides.memberId,
    lastName: '',
    relationshipToOwner: '',
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
    createdAt: timestamp,
    updatedAt: timestamp,
    ...overrides,
  }
}

/** Children derived from parent links and spouse links made symmetric, as the server keeps them. */
export function withDerivedLinks(members: Member[]): Member[] {
  const children = new Map<string, string[]>()
  const spouses = new Map<string, Set<string>>()
  for (const member of members) {
    for (const parentId of member.parentMemberIds) children.set(parentId, [...(children.get(parentId) ?? []), member.memberId])
    for (const spouseId of member.spouseMemberIds) {
      spouses.set(member.memberId, (spouses.get(member.memberId) ?? new Set()).add(spouseId))
      spouses.set(spouseId, (spouses.get(spouseId) ?? new Set()).add(member.memberId))
    }
  }
  return members.map((member) => ({
    ...member,
    childrenMemberIds: children.get(member.memberId) ?? [],
    spouseMemberIds: [...(spouses.get(member.memberId) ?? [])],
  }))
}

/**
 * The family the component tests draw, three generations around Ana:
 *
 *   Jorge Pérez ═ Rosa Díaz      Luis García ═ Carmen Ruiz
 *            └── Juan Pérez ═ María García ──┘      (Juan has a sister, Elena)
 *                       └── Ana Pérez (self) ═ Pablo Soto
 *                                   ├── Lucía Soto
 *                                   └── Mateo Soto
 */
export function smallFamily(): Member[] {
  const person = (memberId: string, firstName: string, lastName: string, gender: Gender, extra: Partial<Member> = {}) =>
    buildMember({ memberId, firstName, lastName, gender, ...extra })
  return withDerivedLinks([
    person('jorge', 'Jorge', 'Pérez', 'Masculino', { birthDate: asStoredDate('1920-02-01'), deathDate: asStoredDate('1990-05-06'), isDeceased: true, spouseMemberIds: ['rosa'] }),
    person('rosa', 'Rosa', 'Díaz', 'Femenino', { birthDate: asStoredDate('1925-07-08'), isDeceased: true }),
    person('luis', 'Luis', 'García', 'Masculino', { spouseMemberIds: ['carmen'] }),
    person('carmen', 'Carmen', 'Ruiz', 'Femenino', { birthDate: asStoredDate('1930-01-01') }),
    person('juan', 'Juan', 'Pérez', 'Masculino', { birthDate: asStoredDate('1950-03-04'), parentMemberIds: ['rosa', 'jorge'], spouseMemberIds: ['maria'] }),
    person('elena', 'Elena', 'Pérez', 'Femenino', { birthDate: asStoredDate('1953-01-01'), parentMemberIds: ['jorge', 'rosa'] }),
    person('maria', 'María', 'García', 'Femenino', {
      birthDate: asStoredDate('1952-09-10'),
      deathDate: asStoredDate('2020-01-02'),
      isDeceased: true,
      parentMemberIds: ['luis', 'carmen'],
    }),
    person('ana', 'Ana', 'Pérez', 'Femenino', {
      birthDate: asStoredDate('1980-05-05'),
      isSelf: true,
      relationshipToOwner: 'Yo mismo/a',
      parentMemberIds: ['juan', 'maria'],
      spouseMemberIds: ['pablo'],
    }),
    person('pablo', 'Pablo', 'Soto', 'Masculino', { birthDate: asStoredDate('1978-11-11') }),
    person('mateo', 'Mateo', 'Soto', 'Masculino', { birthDate: asStoredDate('2012-06-06'), parentMemberIds: ['ana', 'pablo'] }),
    person('lucia', 'Lucía', 'Soto', 'Femenino', { birthDate: asStoredDate('2010-04-04'), parentMemberIds: ['pablo', 'ana'] }),
  ])
}

/** A small deterministic pseudo-random generator (mulberry32), so a generated tree is always the same. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A tree of exactly `size` members over many generations: founding couples, one to four children
 * per couple, children marrying each other's lines (second cousins and cousins among them, so
 * ancestors are shared) or people from outside (some with parents of their own), and some
 * second marriages with children of their own.
 */
export function generateFamilyTree(size = 3000, seed = 7): Member[] {
  const next = random(seed)
  const members: Member[] = []
  const add = (generation: number, parentMemberIds: string[] = []) => {
    if (members.length >= size) return undefined
    const id = `p${members.length}`
    const year = 1700 + generation * 28 + Math.floor(next() * 10)
    const member = buildMember({
      memberId: id,
      firstName: `Nombre${members.length}`,
      lastName: `Linaje${generation}`,
      gender: members.length % 2 === 0 ? 'Masculino' : 'Femenino',
      birthDate: asStoredDate(`${year}-01-01`),
      isDeceased: year < 1940,
      deathDate: year < 1940 ? asStoredDate(`${year + 70}-01-01`) : null,
      parentMemberIds,
    })
    members.push(member)
    return member
  }
  const marry = (a: Member, b: Member) => {
    a.spouseMemberIds.push(b.memberId)
    b.spouseMemberIds.push(a.memberId)
    return [a, b] as const
  }

  let couples: (readonly [Member, Member])[] = []
  for (let founders = 0; founders < 6; founders += 1) couples.push(marry(add(0)!, add(0)!))
  for (let generation = 1; members.length < size; generation += 1) {
    const children: Member[] = []
    for (const [a, b] of couples) {
      const count = 1 + Math.floor(next() * 4)
      for (let child = 0; child < count; child += 1) {
        const member = add(generation, [a.memberId, b.memberId])
        if (member) children.push(member)
      }
      // Now and then a second marriage with children of its own.
      if (next() < 0.1) {
        const second = add(generation - 1)
        if (second) {
          marry(a, second)
          const member = add(generation, [a.memberId, second.memberId])
          if (member) children.push(member)
        }
      }
    }
    // Shuffle, then pair neighbours from different parents; the rest marry in from outside.
    for (let position = children.length - 1; position > 0; position -= 1) {
      const other = Math.floor(next() * (position + 1))
      ;[children[position], children[other]] = [children[other]!, children[position]!]
    }
    couples = []
    for (let position = 0; position < children.length; position += 1) {
      const child = children[position]!
      const partner = children[position + 1]
      if (partner && next() < 0.5 && partner.parentMemberIds.join() !== child.parentMemberIds.join()) {
        couples.push(marry(child, partner))
        position += 1
        continue
      }
      let inLawParents: string[] = []
      if (next() < 0.3) {
        const father = add(generation - 1)
        const mother = add(generation - 1)
        if (father && mother) inLawParents = [marry(father, mother)].flatMap(([x, y]) => [x.memberId, y.memberId])
      }
      const inLaw = add(generation, inLawParents)
      if (inLaw) couples.push(marry(child, inLaw))
    }
    if (couples.length === 0) break
  }
  return withDerivedLinks(members)
}
