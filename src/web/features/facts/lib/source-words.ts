import type { TFunction } from 'i18next'
import type { FactSource } from '../../../../shared/contracts/facts.ts'
import type { Language } from '../../../../shared/limits.ts'

/** The day an answer was told, in the reader's language and time zone: «12 de mayo de 2026». */
export function toldOnText(source: Pick<FactSource, 'toldAt'>, language: Language): string {
  const instant = new Date(source.toldAt)
  if (Number.isNaN(instant.getTime())) return source.toldAt
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(instant)
}

/** Who told it, as the reader would say it: «Lucía, su nieta», «su nieta», «Lucía»; undefined when nobody can be named. */
function tellerWords(source: FactSource): { name?: string; kin?: string } | undefined {
  const name = source.tellerName?.trim() || undefined
  const kin = source.tellerKin?.trim() || undefined
  return name || kin ? { ...(name ? { name } : {}), ...(kin ? { kin } : {}) } : undefined
}

/** Whom a fact is about, as the page names them («Aurora»): English says whose kin the teller is («Aurora’s granddaughter»). */
export interface CitationContext {
  readerUserId: string | undefined
  subjectName: string
  language: Language
}

/**
 * Where a fact on a card comes from: «Fuente: entrevista con Ana del 12 de mayo de 2026», then who
 * told it when the tree can say («contado por Lucía, su nieta», «contado por ti»).
 */
export function citationText(t: TFunction<'facts'>, source: FactSource, { readerUserId, subjectName, language }: CitationContext): string {
  const date = toldOnText(source, language)
  const isReader = readerUserId !== undefined && source.tellerUserId === readerUserId
  const teller = tellerWords(source)
  if (source.kind === 'biography') {
    // A conversation with Cronos is its teller's own life: naming them says everything.
    if (isReader) return t('source.biographyYours', { date })
    return teller?.name ? t('source.biographyOf', { name: teller.name, date }) : t('source.biography', { date })
  }
  const where = t('source.interview', { date })
  if (isReader) return `${where}, ${t('source.tellerYou')}`
  if (!teller) return where
  const words = { ...teller, subject: subjectName }
  const by = teller.name && teller.kin ? t('source.tellerNamedKin', words) : teller.name ? t('source.tellerNamed', words) : t('source.tellerKin', words)
  return `${where}, ${by}`
}

/** Under a proposal's quote: «Lo contaste tú el 12 de mayo de 2026.», «Lo contó Lucía, su nieta, el …». */
export function toldByText(t: TFunction<'facts'>, source: FactSource, { readerUserId, subjectName, language }: CitationContext): string {
  const date = toldOnText(source, language)
  if (readerUserId !== undefined && source.tellerUserId === readerUserId) return t('proposal.toldByYou', { date })
  const teller = tellerWords(source)
  if (!teller) return t('proposal.toldOn', { date })
  const words = { ...teller, subject: subjectName, date }
  if (teller.name && teller.kin) return t('proposal.toldByNamedKin', words)
  return teller.name ? t('proposal.toldBy', words) : t('proposal.toldByKin', words)
}
