import type { Language } from '../limits.ts'

/**
 * The words of one language. In each list the first entry is what `formatGenealogyDate` writes
 * and the others are read too; the parser reads every list of every language (and GEDCOM's), so
 * whatever the page shows, in any language, parses back to the same date.
 */
export interface DateWords {
  /** As `Intl.DateTimeFormat(…, { dateStyle: 'long' })` spells them, so exact dates look as before. */
  months: readonly string[]
  monthAbbreviations: readonly (readonly string[])[]
  about: readonly string[]
  before: readonly string[]
  after: readonly string[]
  estimated: readonly string[]
  calculated: readonly string[]
  between: readonly string[]
  and: readonly string[]
  from: readonly string[]
  to: readonly string[]
  /** A period with only its start. */
  since: readonly string[]
  /** A period with only its end. */
  until: readonly string[]
  beforeChrist: readonly string[]
  afterChrist: readonly string[]
  julian: readonly string[]
  gregorian: readonly string[]
}

// Month names come from these tables, not Intl: Node's and each browser's ICU data may spell or
// abbreviate them differently, and the parser must read exactly what was written.
export const words: Record<Language, DateWords> = {
  es: {
    months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
    monthAbbreviations: [['ene'], ['feb'], ['mar'], ['abr'], ['may'], ['jun'], ['jul'], ['ago'], ['sep', 'sept', 'set', 'setiembre'], ['oct'], ['nov'], ['dic']],
    about: ['hacia', 'cerca de', 'alrededor de', 'aproximadamente', 'aprox.', 'circa', 'ca.', 'c.'],
    before: ['antes de'],
    after: ['después de'],
    estimated: ['estimado', 'estimada', 'est.'],
    calculated: ['calculado', 'calculada', 'calc.'],
    between: ['entre'],
    and: ['y'],
    from: ['desde', 'de'],
    to: ['hasta', 'a'],
    since: ['desde', 'a partir de'],
    until: ['hasta'],
    beforeChrist: ['a. C.', 'a. de C.', 'antes de Cristo'],
    afterChrist: ['d. C.', 'd. de C.', 'después de Cristo'],
    julian: ['juliano', 'calendario juliano'],
    gregorian: ['gregoriano', 'calendario gregoriano'],
  },
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    monthAbbreviations: [['jan'], ['feb'], ['mar'], ['apr'], ['may'], ['jun'], ['jul'], ['aug'], ['sep', 'sept'], ['oct'], ['nov'], ['dec']],
    about: ['circa', 'about', 'around', 'approximately', 'approx.', 'abt.', 'ca.', 'ca', 'c.'],
    before: ['before', 'bef.'],
    after: ['after', 'aft.'],
    estimated: ['estimated', 'est.'],
    calculated: ['calculated', 'calc.', 'cal.'],
    between: ['between', 'bet.'],
    and: ['and', '&'],
    from: ['from'],
    to: ['to', 'until', 'till'],
    since: ['from', 'since'],
    until: ['until', 'till', 'to'],
    beforeChrist: ['BC', 'BCE'],
    afterChrist: ['AD', 'CE'],
    julian: ['Julian', 'Julian calendar'],
    gregorian: ['Gregorian', 'Gregorian calendar'],
  },
  fr: {
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    monthAbbreviations: [['janv'], ['févr', 'fév'], [], ['avr'], [], [], ['juil'], [], ['sept'], ['oct'], ['nov'], ['déc']],
    about: ['vers', 'environ', 'env.', 'circa', 'ca.', 'v.'],
    before: ['avant'],
    after: ['après'],
    estimated: ['estimé', 'estimée', 'est.'],
    calculated: ['calculé', 'calculée', 'calc.'],
    between: ['entre'],
    and: ['et'],
    from: ['de'],
    to: ['à'],
    since: ['à partir de', 'depuis', 'dès'],
    until: ["jusqu'à", "jusqu'en"],
    beforeChrist: ['av. J.-C.', 'avant Jésus-Christ', 'AEC'],
    afterChrist: ['apr. J.-C.', 'ap. J.-C.', 'après Jésus-Christ'],
    julian: ['julien', 'calendrier julien'],
    gregorian: ['grégorien', 'calendrier grégorien'],
  },
}

/** GEDCOM's keywords (5.5.1 and 7.0), read in any language. */
export const gedcomMonths = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const
export const gedcomWords: Partial<Record<keyof DateWords, readonly string[]>> = {
  about: ['abt'],
  before: ['bef'],
  after: ['aft'],
  estimated: ['est'],
  calculated: ['cal'],
  between: ['bet'],
  and: ['and'],
  from: ['from'],
  to: ['to'],
  since: ['from'],
  until: ['to'],
  beforeChrist: ['B.C.', 'BCE'],
}
