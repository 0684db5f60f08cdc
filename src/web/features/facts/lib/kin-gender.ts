import type { RelativeFactKind } from '../../../../shared/facts/index.ts'

export type KinGender = 'female' | 'male' | 'unknown'

// The words of kinship an answer names a relative with, in every language Legado reads (an answer
// told in Spanish may be read in English), folded: lower case, no accents.
const words: Record<RelativeFactKind, Record<Exclude<KinGender, 'unknown'>, string[]>> = {
  parent: { female: ['madre', 'mama', 'mother', 'mom', 'mum', 'mere', 'maman'], male: ['padre', 'papa', 'father', 'dad', 'pere'] },
  sibling: { female: ['hermana', 'sister', 'soeur', 'sœur'], male: ['hermano', 'brother', 'frere'] },
  child: { female: ['hija', 'daughter', 'fille'], male: ['hijo', 'son', 'fils'] },
  spouse: { female: ['esposa', 'mujer', 'wife', 'femme', 'epouse'], male: ['esposo', 'marido', 'husband', 'mari', 'epoux'] },
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Whether the words a relative was heard in say a woman or a man («su hija Marta» → female), so
 * the proposal can say «Hija: Marta»; a quote with neither, or with both, says nothing.
 */
export function kinGenderIn(quote: string, kind: RelativeFactKind): KinGender {
  const tokens = new Set(fold(quote).split(/[^\p{L}œ]+/u))
  const isFemale = words[kind].female.some((word) => tokens.has(word))
  const isMale = words[kind].male.some((word) => tokens.has(word))
  if (isFemale === isMale) return 'unknown'
  return isFemale ? 'female' : 'male'
}
