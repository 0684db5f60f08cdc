import type { TFunction } from 'i18next'
import type { FactProposal, FactValue } from '../../../../shared/contracts/facts.ts'
import { isDateFactKind, isRelativeFactKind, type FactKind } from '../../../../shared/facts/index.ts'
import { asStoredDate, formatStoredDate, formatStoredDateInSentence } from '../../../../shared/genealogy-date/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import { kinGenderIn } from './kin-gender.ts'

/** Whose facts a page shows: a relative's (Ana's interview), or the reader's own (Cronos, the biography). */
export type FactSubject = 'other' | 'self'

/** A relative's name as a card writes it. */
export function personNameText(value: FactValue): string {
  return typeof value === 'string' ? value : `${value.first} ${value.last}`.trim()
}

/** A value alone, as the tree would show it: «hacia 1931», «Pasto, Nariño», «Marta López». */
export function factValueText(kind: FactKind, value: FactValue, language: Language): string {
  if (isDateFactKind(kind) && typeof value === 'string') return formatStoredDate(asStoredDate(value), language) || value
  return personNameText(value)
}

/**
 * The fact in words, as a person would say it: «Nació en Pasto, Nariño», «Nació hacia 1931»,
 * «Hija: Marta»; about the reader, «Naciste en Pasto».
 */
export function factSentence(t: TFunction<'facts'>, proposal: Pick<FactProposal, 'kind' | 'value' | 'quote'>, subject: FactSubject, language: Language): string {
  const { kind, value } = proposal
  if (isRelativeFactKind(kind)) {
    const kin = t(`kin.${subject}.${kind}.${kinGenderIn(proposal.quote, kind)}`)
    return t('fact.relative', { kin, name: personNameText(value) })
  }
  if (isDateFactKind(kind) && typeof value === 'string') {
    const stored = asStoredDate(value)
    return t(`fact.${subject}.${kind}`, { date: formatStoredDateInSentence(stored, language) || value })
  }
  return t(`fact.${subject}.${kind}`, { value: personNameText(value) })
}
