import type { MemberFacts } from '../contracts/family-tree.ts'
import { storedDateText } from '../genealogy-date/index.ts'
import { answerText } from './answer-text.ts'
import type { FactGap, FactKind } from './fact-kinds.ts'

/** What the tree holds of a person, as far as what is still unknown goes. */
export interface KnownOfMember {
  birthDate: string | null
  birthPlace: string
  isDeceased: boolean
  deathDate: string | null
  deathPlace: string
  parentCount: number
  spouseCount: number
  /** Left out when the caller cannot tell: then children are not asked about. */
  childCount?: number
}

/** What a member's card and its links hold, as `unknownAbout` reads it. */
export function knownOf(member: Pick<MemberFacts, 'birthDate' | 'birthPlace' | 'isDeceased' | 'deathDate' | 'deathPlace' | 'relatives'>): KnownOfMember {
  const count = (relation: MemberFacts['relatives'][number]['relation']) => member.relatives.filter((relative) => relative.relation === relation).length
  return {
    birthDate: member.birthDate === null ? null : storedDateText(member.birthDate),
    birthPlace: member.birthPlace,
    isDeceased: member.isDeceased,
    deathDate: member.deathDate === null ? null : storedDateText(member.deathDate),
    deathPlace: member.deathPlace,
    parentCount: count('parent'),
    spouseCount: count('partner'),
    childCount: count('child'),
  }
}

/** What was told about a person: the answers about them, and the kinds of fact accepted from what was heard. */
export interface ToldOfMember {
  answers: readonly string[]
  cited: readonly FactKind[]
}

/**
 * Words that speak of someone's childhood, folded as `answerText` folds (no accents, lower case).
 * An answer with one of them has told something of it; simple on purpose: a childhood told without
 * any of these words still reads as untold, and asking once more about it does no harm.
 */
const childhoodWords = [
  // es
  'infancia',
  'ninez',
  'de nino',
  'de nina',
  'de pequeno',
  'de pequena',
  'de chico',
  'de chica',
  'era nino',
  'era nina',
  'era pequeno',
  'era pequena',
  'era chico',
  'era chica',
  'crecio',
  'creci',
  'se crio',
  'me crie',
  // en
  'childhood',
  'as a child',
  'as a kid',
  'as a boy',
  'as a girl',
  'was little',
  'was a child',
  'was a kid',
  'was a boy',
  'was a girl',
  'grew up',
  'growing up',
  // fr
  'enfance',
  'etait petit',
  'etait petite',
  'etais petit',
  'etais petite',
  'etait enfant',
  'etais enfant',
  'a grandi',
  'ai grandi',
]
const childhoodPattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${childhoodWords.join('|')})(?![\\p{L}\\p{N}])`, 'u')

/** Whether any of the answers tells something of a childhood. */
export function speaksOfChildhood(answers: readonly string[]): boolean {
  return answers.some((answer) => childhoodPattern.test(answerText(answer).folded))
}

/**
 * What is still unknown about a person and worth asking, most wanted first: where and when they
 * were born, their parents, where and when they died (only for someone who has died), a partner,
 * children, the wedding (only once a partner is known), their childhood, a trade, homes, a
 * nickname. A kind in `told.cited` is known: someone accepted it from what was told. Siblings are
 * never listed: the tree does not say how many a person had, so their absence tells nothing.
 */
export function unknownAbout(member: KnownOfMember, told: ToldOfMember): FactGap[] {
  const cited = new Set<FactGap>(told.cited)
  const hasPartner = member.spouseCount > 0 || cited.has('spouse')
  const wanted: [FactGap, boolean][] = [
    ['birthPlace', !member.birthPlace.trim()],
    ['birthDate', !member.birthDate?.trim()],
    // Two parents are a person's due; one known leaves the other to ask about.
    ['parent', member.parentCount < 2],
    ['deathPlace', member.isDeceased && !member.deathPlace.trim()],
    ['deathDate', member.isDeceased && !member.deathDate?.trim()],
    ['spouse', !hasPartner],
    ['child', member.childCount === 0],
    ['marriageDate', hasPartner],
    ['marriagePlace', hasPartner],
    ['childhood', !speaksOfChildhood(told.answers)],
    ['occupation', true],
    ['residence', true],
    ['nickname', true],
  ]
  return wanted.filter(([gap, isUnknown]) => isUnknown && !cited.has(gap)).map(([gap]) => gap)
}
