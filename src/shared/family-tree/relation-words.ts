import { normaliseRelationship } from './self-member.ts'

/**
 * How a person typed as "madre", "grandfather" or "épouse" stands to the tree's owner: the link the
 * member form can offer to make (docs/product.md#family-tree). A grandparent is a parent of one of
 * the owner's parents, a grandchild a child of one of their children, a sibling a child of the
 * owner's parents.
 */
export type RelationToSelf = 'parent' | 'grandparent' | 'child' | 'grandchild' | 'sibling' | 'spouse' | 'partner'

export interface RelationWord {
  relation: RelationToSelf
  /** Said by the word itself (madre, son); undefined for words of either (parent, enfant, pareja). */
  gender?: 'female' | 'male'
}

type Entry = readonly [RelationToSelf, 'female' | 'male' | undefined, readonly string[]]

/**
 * The words of es, en and fr, as `normaliseRelationship` leaves them (lower case, no accents);
 * "œ" has no accent to drop, so "sœur" is listed beside "soeur". A word that can mean several
 * things ("mujer", "femme" beside a wife; "papa" in French and Spanish) means what it means
 * when someone answers "your relationship to them".
 */
const entries: readonly Entry[] = [
  ['parent', 'female', ['madre', 'mama', 'mami', 'mother', 'mom', 'mum', 'mommy', 'mummy', 'mere', 'maman']],
  ['parent', 'male', ['padre', 'papa', 'papi', 'father', 'dad', 'daddy', 'pere']],
  ['parent', undefined, ['progenitor', 'progenitora', 'parent']],
  [
    'grandparent',
    'female',
    ['abuela', 'abuelita', 'abuela materna', 'abuela paterna', 'grandmother', 'grandma', 'granny', 'grandmere', 'grand-mere', 'grand mere', 'mamie', 'meme', 'mamy'],
  ],
  [
    'grandparent',
    'male',
    ['abuelo', 'abuelito', 'abuelo materno', 'abuelo paterno', 'grandfather', 'grandpa', 'granddad', 'grandad', 'grandpere', 'grand-pere', 'grand pere', 'papi', 'papy', 'pepe'],
  ],
  ['grandparent', undefined, ['grandparent', 'grand-parent', 'grand parent']],
  ['child', 'female', ['hija', 'daughter', 'fille']],
  ['child', 'male', ['hijo', 'son', 'fils']],
  ['child', undefined, ['hijo/a', 'hija/o', 'child', 'kid', 'enfant']],
  ['grandchild', 'female', ['nieta', 'granddaughter', 'petite-fille', 'petite fille']],
  ['grandchild', 'male', ['nieto', 'grandson', 'petit-fils', 'petit fils']],
  ['grandchild', undefined, ['nieto/a', 'grandchild', 'petit-enfant', 'petit enfant']],
  ['sibling', 'female', ['hermana', 'sister', 'soeur', 'sœur']],
  ['sibling', 'male', ['hermano', 'brother', 'frere']],
  ['sibling', undefined, ['hermano/a', 'sibling']],
  ['spouse', 'female', ['esposa', 'mujer', 'wife', 'epouse', 'femme']],
  ['spouse', 'male', ['esposo', 'marido', 'husband', 'epoux', 'mari']],
  ['spouse', undefined, ['conyuge', 'spouse', 'conjoint', 'conjointe']],
  ['partner', undefined, ['pareja', 'companero', 'companera', 'novio', 'novia', 'partner', 'boyfriend', 'girlfriend', 'compagnon', 'compagne']],
]

const words = new Map<string, RelationWord>()
for (const [relation, gender, list] of entries) {
  // The first meaning listed wins ("papi" is a father before a French grandfather).
  for (const word of list) if (!words.has(word)) words.set(word, gender ? { relation, gender } : { relation })
}

/** "mi madre", "my mother", "ma mère", "mon père": the possessive says nothing more. */
const possessive = /^(mi|mis|my|ma|mon|mes) /

/**
 * The relation a typed relationship names, accents, case and a leading "mi"/"my"/"ma"/"mon"
 * ignored; undefined for anything else ("prima", "tía abuela", "vecina", "yo mismo").
 */
export function relationFromWord(text: string): RelationWord | undefined {
  const normalised = normaliseRelationship(text).replace(possessive, '')
  return words.get(normalised)
}
