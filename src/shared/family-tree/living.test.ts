import { describe, expect, it } from 'vitest'
import { familyTreeSchema, memberFactsSchema, memberSchema, type FamilyTree, type Member, type MemberFacts, type Union } from '../contracts/family-tree.ts'
import { asStoredDate, parseGenealogyDate, serializeGenealogyDate, storedDateSortKey, type StoredGenealogyDate } from '../genealogy-date/index.ts'
import type { Language } from '../limits.ts'
import { familyTreeForViewer, isLiving, memberFactsForViewer, memberForViewer, type ViewerContext } from './living.ts'

const today = '2026-11-29'
const timestamp = '2024-03-01T09:00:00.000Z'

/** As the server stores what a person typed. */
const typed = (text: string, language: Language = 'es') => serializeGenealogyDate(parseGenealogyDate(text, language)!)
const born = (birthDate: StoredGenealogyDate | null, on = today) => isLiving({ isDeceased: false, birthDate, deathDate: null }, on)

function buildMember(overrides: Partial<Member> & Pick<Member, 'memberId'>): Member {
  return {
    firstName: overrides.memberId,
    lastName: 'Pérez',
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

/** A member with every field that can say where or when filled in. */
function fullMember(memberId: string, life: { birth?: string; death?: string } = {}): Member {
  const birthDate = asStoredDate(life.birth ?? '1990-04-12')
  const deathDate = life.death === undefined ? null : asStoredDate(life.death)
  return buildMember({
    memberId,
    firstName: 'Ana',
    relationshipToOwner: 'Hermana',
    gender: 'Femenino',
    birthDate,
    birthDateSortKey: storedDateSortKey(birthDate),
    deathDate,
    deathDateSortKey: storedDateSortKey(deathDate),
    isDeceased: deathDate !== null,
    birthPlace: 'Sevilla',
    deathPlace: deathDate ? 'Madrid' : '',
    notes: 'Vive en la calle Feria',
    sourceId: '@I12@',
    bioSummary: 'Maestra en Triana desde 2015',
    keyLifeEvents: ['Se casó en 2018 en Cádiz'],
    interviewSegments: ['interview-1'],
    mediaAssetIds: ['asset-1'],
    portraitURL: '/api/media/asset-1/thumbnail',
    parentMemberIds: ['mother'],
    parentLinks: [{ parentId: 'mother', unionId: 'u-parents', kind: 'birth' }],
    spouseMemberIds: ['husband'],
    unionIds: ['u-1'],
    childrenMemberIds: ['child'],
    linkedUserAccountId: 'user-ana',
    connectionRequestSentBy: 'user-owner',
    connectionStatus: 'accepted',
  })
}

function buildUnion(unionId: string, firstPartnerId: string | null, secondPartnerId: string | null): Union {
  return {
    unionId,
    firstPartnerId,
    secondPartnerId,
    marriageDate: asStoredDate('ABT 1950'),
    marriageDateSortKey: storedDateSortKey(asStoredDate('ABT 1950')),
    marriagePlace: 'Cádiz',
    isMarried: true,
    divorceDate: asStoredDate('1960'),
    divorcePlace: 'Sevilla',
    notes: 'Boda en la iglesia de San Juan',
    sourceId: '@F3@',
    position: 0,
    children: [{ childId: 'child', kind: 'birth' }],
  }
}

const nobodyOpened: ViewerContext = { today, openedUp: new Set() }

describe('isLiving', () => {
  it('counts anyone with a death as not living, with or without dates', () => {
    expect(isLiving({ isDeceased: true, birthDate: null, deathDate: null }, today)).toBe(false)
    expect(isLiving({ isDeceased: true, birthDate: asStoredDate('2001-01-01'), deathDate: null }, today)).toBe(false)
    expect(isLiving({ isDeceased: false, birthDate: asStoredDate('2001-01-01'), deathDate: asStoredDate('2020') }, today)).toBe(false)
    expect(isLiving({ isDeceased: false, birthDate: null, deathDate: typed('no sabemos cuándo') }, today)).toBe(false)
    // An empty stored death date is no death.
    expect(isLiving({ isDeceased: false, birthDate: null, deathDate: asStoredDate('') }, today)).toBe(true)
  })

  it('counts someone with no birth date, an empty one or a phrase with no year as living', () => {
    expect(born(null)).toBe(true)
    expect(born(asStoredDate(''))).toBe(true)
    expect(born(asStoredDate('   '))).toBe(true)
    expect(born(typed('poco después de la guerra'))).toBe(true)
    expect(born(asStoredDate('(no se sabe)'))).toBe(true)
  })

  it('stops counting someone as living the very day they were born 100 years ago', () => {
    expect(born(asStoredDate('1926-11-30'))).toBe(true)
    expect(born(asStoredDate('1926-11-29'))).toBe(false)
    expect(born(asStoredDate('1926-11-28'))).toBe(false)
    expect(born(asStoredDate('1926-11-29'), '2026-11-28')).toBe(true)
  })

  it('counts a birth on 29 February 100 years on, in a leap year and the day after a year without one', () => {
    expect(born(asStoredDate('1924-02-29'), '2024-02-29')).toBe(false)
    expect(born(asStoredDate('1924-03-01'), '2024-02-29')).toBe(true)
    expect(born(asStoredDate('1924-02-29'), '2024-02-28')).toBe(true)
  })

  it('reads a month or a year alone by its last day', () => {
    expect(born(typed('noviembre de 1926'))).toBe(true)
    expect(born(typed('octubre de 1926'))).toBe(false)
    expect(born(typed('1926'))).toBe(true)
    expect(born(typed('1925'))).toBe(false)
  })

  it('reads an approximate birth as up to ten years after the year it names', () => {
    expect(typed('hacia 1931')).toBe('ABT 1931')
    expect(born(typed('hacia 1931'))).toBe(true)
    expect(born(asStoredDate('ABT 1916'))).toBe(true)
    expect(born(asStoredDate('ABT 1915'))).toBe(false)
    expect(born(typed('1920 (estimado)'))).toBe(true)
    expect(born(asStoredDate('EST 1900'))).toBe(false)
    expect(born(asStoredDate('CAL 1920'))).toBe(true)
    expect(born(asStoredDate('CAL 1890'))).toBe(false)
    expect(born(typed('about 1750', 'en'))).toBe(false)
  })

  it('is sure of "before" and never of "after"', () => {
    expect(born(typed('antes de 1900'))).toBe(false)
    expect(born(asStoredDate('BEF 29 NOV 1926'))).toBe(false)
    expect(born(asStoredDate('BEF 30 NOV 1926'))).toBe(true)
    expect(born(asStoredDate('BEF 1927'))).toBe(true)
    expect(born(typed('después de 1900'))).toBe(true)
    expect(born(asStoredDate('AFT 1700'))).toBe(true)
  })

  it('reads a range or a period by its end', () => {
    expect(born(typed('entre 1920 y 1925'))).toBe(false)
    expect(born(asStoredDate('BET 1900 AND 1930'))).toBe(true)
    expect(born(typed('1920-1930'))).toBe(true)
    expect(born(typed('1915-1920'))).toBe(false)
    expect(born(asStoredDate('FROM 1920 TO 1925'))).toBe(false)
    expect(born(asStoredDate('FROM 1920 TO 1930'))).toBe(true)
    expect(born(asStoredDate('FROM 1850'))).toBe(true)
    expect(born(asStoredDate('TO 1925'))).toBe(false)
    expect(born(asStoredDate('BET @#DJULIAN@ 1700 AND 1760'))).toBe(false)
  })

  it('reads a dual year by the year the date falls in', () => {
    expect(born(asStoredDate('30 JAN 1699/00'))).toBe(false)
    expect(born(asStoredDate('1924/25'))).toBe(false)
    expect(born(asStoredDate('1925/26'))).toBe(true)
  })

  it('places Julian, before-Christ and other calendars by their year', () => {
    expect(born(asStoredDate('@#DJULIAN@ 12 MAY 1648'))).toBe(false)
    expect(born(asStoredDate('44 B.C.'))).toBe(false)
    // Hebrew 5600 is 1839–40 and 5685 is 1924–25; French Republican year 12 is 1803–04.
    expect(born(asStoredDate('@#DHEBREW@ 5600'))).toBe(false)
    expect(born(asStoredDate('@#DHEBREW@ 5685'))).toBe(true)
    expect(born(asStoredDate('@#DFRENCH R@ 12 VEND 12'))).toBe(false)
  })

  it('reads a phrase with a year as about that year, and an interpreted date by its date', () => {
    expect(born(typed('verano de 1936'))).toBe(true)
    expect(born(asStoredDate('(verano de 1890)'))).toBe(false)
    expect(born(asStoredDate('INT 1900 (según el padrón)'))).toBe(false)
    expect(born(asStoredDate('INT 1990 (según el padrón)'))).toBe(true)
  })

  it('refuses a today that is no calendar date', () => {
    expect(() => born(null, '29/11/2026')).toThrow(RangeError)
  })
})

describe('memberForViewer', () => {
  const kept = [
    'memberId',
    'firstName',
    'lastName',
    'relationshipToOwner',
    'isDeceased',
    'gender',
    'isSelf',
    'parentMemberIds',
    'parentLinks',
    'spouseMemberIds',
    'unionIds',
    'childrenMemberIds',
    'linkedUserAccountId',
    'connectionRequestSentBy',
    'connectionStatus',
    'openToViewers',
    'createdAt',
    'updatedAt',
  ]

  it('keeps only the name, gender, relation and links of a living member, deciding every field of the contract', () => {
    const ana = fullMember('ana')
    const blanked = {
      birthDate: null,
      deathDate: null,
      birthDateSortKey: null,
      deathDateSortKey: null,
      birthPlace: '',
      deathPlace: '',
      notes: '',
      sourceId: null,
      bioSummary: '',
      keyLifeEvents: [],
      interviewSegments: [],
      mediaAssetIds: [],
      portraitURL: null,
    }
    const seen = memberForViewer(ana, nobodyOpened)
    expect(seen).toEqual({ ...ana, ...blanked })
    // A field added to the contract is shown to viewers unless it is blanked: each must be decided here.
    expect([...Object.keys(blanked), ...kept].sort()).toEqual(Object.keys(memberSchema.shape).sort())
    expect(memberSchema.parse(seen)).toEqual(seen)
  })

  it('shows all of a member who has died, or whom the owner opened up', () => {
    const grandmother = fullMember('grandmother', { birth: '1931-03-02', death: '2019-06-01' })
    expect(memberForViewer(grandmother, nobodyOpened)).toBe(grandmother)
    const ana = fullMember('ana')
    expect(memberForViewer(ana, { today, openedUp: new Set(['ana']) })).toBe(ana)
    const opened = { ...ana, openToViewers: true }
    expect(memberForViewer(opened, nobodyOpened)).toBe(opened)
  })

  it('leaves the member it was given as it was', () => {
    const ana = fullMember('ana')
    const before = structuredClone(ana)
    memberForViewer(ana, nobodyOpened)
    expect(ana).toEqual(before)
  })
})

describe('memberFactsForViewer', () => {
  const facts = (memberId: string, birth: string, death: string | null): MemberFacts => ({
    memberId,
    firstName: 'Rosa',
    lastName: 'Díaz',
    relationshipToOwner: 'Abuela',
    isSelf: false,
    isDeceased: death !== null,
    birthDate: asStoredDate(birth),
    deathDate: death === null ? null : asStoredDate(death),
    birthPlace: 'Cádiz',
    deathPlace: death === null ? '' : 'Sevilla',
    gender: 'Femenino',
    bioSummary: 'Cosía para medio barrio',
    relatives: [{ memberId: 'ana', firstName: 'Ana', lastName: 'Pérez', relation: 'child', kind: 'birth' }],
    relationToReader: { kinship: { relation: 'ancestor', generations: 2 }, keeperName: 'Ana Pérez' },
  })

  it('blanks every date, place and the bio of a living member, keeping names and relatives', () => {
    const rosa = facts('rosa', 'ABT 1940', null)
    const blanked = { birthDate: null, deathDate: null, birthPlace: '', deathPlace: '', bioSummary: '' }
    const kept = ['memberId', 'firstName', 'lastName', 'relationshipToOwner', 'isSelf', 'isDeceased', 'gender', 'relatives', 'relationToReader']
    const seen = memberFactsForViewer(rosa, nobodyOpened)
    expect(seen).toEqual({ ...rosa, ...blanked })
    expect([...Object.keys(blanked), ...kept].sort()).toEqual(Object.keys(memberFactsSchema.shape).sort())
    expect(memberFactsSchema.parse(seen)).toEqual(seen)
  })

  it('shows all of someone who died or was opened up', () => {
    const dead = facts('rosa', 'ABT 1940', '2001')
    expect(memberFactsForViewer(dead, nobodyOpened)).toBe(dead)
    const living = facts('rosa', 'ABT 1940', null)
    expect(memberFactsForViewer(living, { today, openedUp: new Set(['rosa']) })).toBe(living)
  })
})

describe('familyTreeForViewer', () => {
  const tree = (members: Member[], unions: Union[]): FamilyTree => ({
    tree: { ownerId: 'owner', treeName: 'Los Pérez', createdAt: timestamp, lastModified: timestamp },
    members,
    unions,
  })
  const dead = (memberId: string) => fullMember(memberId, { birth: '1900', death: '1970' })
  const closed = (union: Union) => ({ ...union, marriageDate: null, marriageDateSortKey: null, marriagePlace: '', divorceDate: null, divorcePlace: '', notes: '', sourceId: null })

  it('hides a wedding and divorce while either partner is living, and shows those of the dead', () => {
    const members = [dead('jorge'), dead('rosa'), fullMember('juan'), dead('maria'), dead('luis')]
    const unions = [buildUnion('grandparents', 'jorge', 'rosa'), buildUnion('parents', 'maria', 'juan'), buildUnion('widow', 'luis', null)]
    const seen = familyTreeForViewer(tree(members, unions), nobodyOpened)
    expect(seen.unions).toEqual([unions[0], closed(unions[1]!), unions[2]])
    expect(seen.members.map((m) => m.birthDate)).toEqual([members[0]!.birthDate, members[1]!.birthDate, null, members[3]!.birthDate, members[4]!.birthDate])
  })

  it('shows the wedding of a living partner the owner opened up, and only theirs', () => {
    const members = [fullMember('juan'), dead('maria'), fullMember('ana'), dead('pablo')]
    const unions = [buildUnion('parents', 'maria', 'juan'), buildUnion('ana-pablo', 'ana', 'pablo')]
    const seen = familyTreeForViewer(tree(members, unions), { today, openedUp: new Set(['juan']) })
    expect(seen.members[0]).toBe(members[0])
    expect(seen.members[2]!.birthPlace).toBe('')
    expect(seen.unions).toEqual([unions[0], closed(unions[1]!)])
    const openedByFlag = familyTreeForViewer(tree([{ ...members[0]!, openToViewers: true }, ...members.slice(1)], unions), nobodyOpened)
    expect(openedByFlag.unions).toEqual(seen.unions)
  })

  it('hides the wedding of a partner it cannot find among the members', () => {
    const unions = [buildUnion('u', 'jorge', 'stranger')]
    expect(familyTreeForViewer(tree([dead('jorge')], unions), nobodyOpened).unions).toEqual([closed(unions[0]!)])
  })

  it('gives a tree the contract still accepts, with nobody and no couple dropped', () => {
    const members = [dead('jorge'), fullMember('juan'), fullMember('ana', { birth: 'ABT 1990' }), fullMember('lucia', { birth: '(no se sabe)' })]
    const unions = [buildUnion('a', 'jorge', 'juan'), buildUnion('b', 'juan', 'ana'), buildUnion('c', null, null)]
    const seen = familyTreeForViewer(tree(members, unions), nobodyOpened)
    expect(familyTreeSchema.parse(seen)).toEqual(seen)
    expect(seen.members.map((m) => m.memberId)).toEqual(['jorge', 'juan', 'ana', 'lucia'])
    expect(seen.unions.map((u) => [u.unionId, u.firstPartnerId, u.secondPartnerId, u.children])).toEqual(
      unions.map((u) => [u.unionId, u.firstPartnerId, u.secondPartnerId, u.children]),
    )
    expect(familyTreeForViewer({ tree: null, members: [], unions: [] }, nobodyOpened)).toEqual({ tree: null, members: [], unions: [] })
  })
})
