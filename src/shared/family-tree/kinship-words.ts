import type { Language } from '../limits.ts'
import type { KinRelation, Kinship } from './kinship.ts'

/** A member's `gender` as the words need it; anything but the two is said with the either-form. */
type Form = 'male' | 'female' | 'either'
/** The three forms of one word: male, female, and the one the language uses when it is not known. */
type Forms = readonly [male: string, female: string, either: string]

const formOf = (gender: string): Form => (gender === 'Masculino' ? 'male' : gender === 'Femenino' ? 'female' : 'either')
const pick = (forms: Forms, form: Form) => forms[form === 'male' ? 0 : form === 'female' ? 1 : 2]

/** Words by generations apart, 1 to 4; further ones are counted by `far`. */
interface Line {
  near: readonly Forms[]
  far(generations: number, form: Form): string
}

interface LanguageWords {
  ancestor: Line
  descendant: Line
  other: Record<Exclude<KinRelation, 'ancestor' | 'descendant'>, Forms>
}

// The either-forms are those the languages write when nobody knows: Spanish's "abuelo/a" and
// "progenitor" (as relation-words.ts reads them), English's neutral nouns, French's epicene words
// or, where there is none, both joined.
const words: Record<Language, LanguageWords> = {
  es: {
    ancestor: {
      near: [
        ['padre', 'madre', 'progenitor'],
        ['abuelo', 'abuela', 'abuelo/a'],
        ['bisabuelo', 'bisabuela', 'bisabuelo/a'],
        ['tatarabuelo', 'tatarabuela', 'tatarabuelo/a'],
      ],
      far: (n, form) => `${pick(['antepasado', 'antepasada', 'antepasado/a'], form)} de hace ${n} generaciones`,
    },
    descendant: {
      near: [
        ['hijo', 'hija', 'hijo/a'],
        ['nieto', 'nieta', 'nieto/a'],
        ['bisnieto', 'bisnieta', 'bisnieto/a'],
        ['tataranieto', 'tataranieta', 'tataranieto/a'],
      ],
      far: (n) => `descendiente a ${n} generaciones`,
    },
    other: {
      self: ['tú', 'tú', 'tú'],
      sibling: ['hermano', 'hermana', 'hermano/a'],
      'half-sibling': ['medio hermano', 'media hermana', 'medio/a hermano/a'],
      'uncle-aunt': ['tío', 'tía', 'tío/a'],
      'nephew-niece': ['sobrino', 'sobrina', 'sobrino/a'],
      cousin: ['primo', 'prima', 'primo/a'],
      spouse: ['esposo', 'esposa', 'cónyuge'],
      partner: ['pareja', 'pareja', 'pareja'],
      'step-parent': ['padrastro', 'madrastra', 'padrastro o madrastra'],
      'step-child': ['hijastro', 'hijastra', 'hijastro/a'],
      'parent-in-law': ['suegro', 'suegra', 'suegro/a'],
      'child-in-law': ['yerno', 'nuera', 'hijo/a político/a'],
      'sibling-in-law': ['cuñado', 'cuñada', 'cuñado/a'],
    },
  },
  en: {
    ancestor: {
      near: [
        ['father', 'mother', 'parent'],
        ['grandfather', 'grandmother', 'grandparent'],
        ['great-grandfather', 'great-grandmother', 'great-grandparent'],
        ['great-great-grandfather', 'great-great-grandmother', 'great-great-grandparent'],
      ],
      far: (n, form) => `${n - 2}× ${pick(['great-grandfather', 'great-grandmother', 'great-grandparent'], form)}`,
    },
    descendant: {
      near: [
        ['son', 'daughter', 'child'],
        ['grandson', 'granddaughter', 'grandchild'],
        ['great-grandson', 'great-granddaughter', 'great-grandchild'],
        ['great-great-grandson', 'great-great-granddaughter', 'great-great-grandchild'],
      ],
      far: (n, form) => `${n - 2}× ${pick(['great-grandson', 'great-granddaughter', 'great-grandchild'], form)}`,
    },
    other: {
      self: ['you', 'you', 'you'],
      sibling: ['brother', 'sister', 'sibling'],
      'half-sibling': ['half-brother', 'half-sister', 'half-sibling'],
      'uncle-aunt': ['uncle', 'aunt', 'parent’s sibling'],
      'nephew-niece': ['nephew', 'niece', 'sibling’s child'],
      cousin: ['cousin', 'cousin', 'cousin'],
      spouse: ['husband', 'wife', 'spouse'],
      partner: ['partner', 'partner', 'partner'],
      'step-parent': ['stepfather', 'stepmother', 'step-parent'],
      'step-child': ['stepson', 'stepdaughter', 'stepchild'],
      'parent-in-law': ['father-in-law', 'mother-in-law', 'parent-in-law'],
      'child-in-law': ['son-in-law', 'daughter-in-law', 'child-in-law'],
      'sibling-in-law': ['brother-in-law', 'sister-in-law', 'sibling-in-law'],
    },
  },
  fr: {
    ancestor: {
      near: [
        ['père', 'mère', 'parent'],
        ['grand-père', 'grand-mère', 'grand-parent'],
        ['arrière-grand-père', 'arrière-grand-mère', 'arrière-grand-parent'],
        ['arrière-arrière-grand-père', 'arrière-arrière-grand-mère', 'arrière-arrière-grand-parent'],
      ],
      far: (n) => `ancêtre à la ${n}e génération`,
    },
    descendant: {
      near: [
        ['fils', 'fille', 'enfant'],
        ['petit-fils', 'petite-fille', 'petit-enfant'],
        ['arrière-petit-fils', 'arrière-petite-fille', 'arrière-petit-enfant'],
        ['arrière-arrière-petit-fils', 'arrière-arrière-petite-fille', 'arrière-arrière-petit-enfant'],
      ],
      far: (n, form) => `${pick(['descendant', 'descendante', 'descendant·e'], form)} à la ${n}e génération`,
    },
    other: {
      self: ['vous', 'vous', 'vous'],
      sibling: ['frère', 'sœur', 'frère ou sœur'],
      'half-sibling': ['demi-frère', 'demi-sœur', 'demi-frère ou demi-sœur'],
      'uncle-aunt': ['oncle', 'tante', 'oncle ou tante'],
      'nephew-niece': ['neveu', 'nièce', 'neveu ou nièce'],
      cousin: ['cousin', 'cousine', 'cousin·e'],
      spouse: ['mari', 'épouse', 'conjoint·e'],
      partner: ['compagnon', 'compagne', 'partenaire'],
      'step-parent': ['beau-père', 'belle-mère', 'beau-parent'],
      'step-child': ['beau-fils', 'belle-fille', 'beau-fils ou belle-fille'],
      'parent-in-law': ['beau-père', 'belle-mère', 'beau-parent'],
      'child-in-law': ['gendre', 'belle-fille', 'gendre ou belle-fille'],
      'sibling-in-law': ['beau-frère', 'belle-sœur', 'beau-frère ou belle-sœur'],
    },
  },
}

/**
 * The word for a relation in a language, by the relative's `gender` ('Masculino', 'Femenino';
 * anything else takes the either-form): «bisabuelo», "great-grandmother", «cousin·e». Lower case,
 * as said inside a sentence.
 */
export function kinshipWord(kinship: Kinship, gender: string, language: Language): string {
  const form = formOf(gender)
  const byLanguage = words[language]
  if (kinship.relation === 'ancestor' || kinship.relation === 'descendant') {
    const line = byLanguage[kinship.relation]
    const generations = Math.max(1, kinship.generations ?? 1)
    const near = line.near[generations - 1]
    return near ? pick(near, form) : line.far(generations, form)
  }
  return pick(byLanguage.other[kinship.relation], form)
}
