import type { ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Member, MemberFacts } from '../../../../shared/contracts/family-tree.ts'
import { kinshipWord } from '../../../../shared/family-tree/kinship-words.ts'
import { isUnknownNamePart } from '../../../../shared/family-tree/unknown-name.ts'
import type { Language } from '../../../../shared/limits.ts'
import { formatStoredDate, readStoredDate, toCalendarDate, type StoredGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import './interview-page.css'
import { uiLanguageOf } from '../../../lib/ui-language.ts'

/** What the header shows of the relative. */
export type InterviewedPerson = Pick<Member, 'firstName' | 'lastName' | 'relationshipToOwner' | 'birthDate' | 'deathDate' | 'isDeceased'> &
  Partial<Pick<MemberFacts, 'gender' | 'isSelf' | 'relationToReader'>>

/**
 * How the relative stands to the reader: the keeper's own word on the keeper's page; to anyone
 * else the relation the tree tells from their card («Tu bisabuelo»), or the keeper's word said as
 * the keeper's («Padre de Rosa Pérez, quien guarda el árbol»), never passed off as theirs.
 */
function relationLine(person: InterviewedPerson, language: Language, t: TFunction<'interviews'>): string {
  const reader = person.relationToReader
  const word = person.relationshipToOwner.trim()
  if (!reader) return word
  if (reader.kinship?.relation === 'self') return t('header.isYou')
  if (reader.kinship) return t('header.yourRelation', { relation: kinshipWord(reader.kinship, person.gender ?? '', language) })
  if (person.isSelf) return t('header.keeper')
  if (!word) return ''
  return reader.keeperName ? t('header.keepersWord', { relation: word, keeper: reader.keeperName }) : t('header.keepersWordUnnamed', { relation: word })
}

interface InterviewHeaderProps {
  person: InterviewedPerson
  /** The id of the page's title, for the page's aria-labelledby. */
  titleId: string
  /** A small picture of the relative (their first photo), when they have one. */
  photoURL?: string | null
}

/** Who the interview is about (docs/product.md#interview): photo, name, relationship, dates, and the way back to the tree. */
export function InterviewHeader({ person, titleId, photoURL }: InterviewHeaderProps) {
  const { t, i18n } = useTranslation('interviews')
  const language = uiLanguageOf(i18n)
  // The tree's words for a surname nobody knows (a GEDCOM blank, "N.N.").
  const name = isUnknownNamePart(person.lastName) ? `${person.firstName} (${t('common:unknownSurname')})` : `${person.firstName} ${person.lastName}`.trim()
  // The tree card's words ("hacia 1920"); an exact day also carries its machine-readable form.
  const date = (value: StoredGenealogyDate) => {
    const words = formatStoredDate(value, language)
    const day = toCalendarDate(readStoredDate(value))
    return day ? <time dateTime={day}>{words}</time> : words
  }

  const relation = relationLine(person, language, t)

  const facts: { key: 'birth' | 'death'; value: ReactNode }[] = []
  if (person.birthDate) facts.push({ key: 'birth', value: date(person.birthDate) })
  if (person.isDeceased) facts.push({ key: 'death', value: person.deathDate ? date(person.deathDate) : t('header.deathDateUnknown') })

  return (
    <header className="interview-header">
      <div className="interview-header-top">
        {photoURL && <img className="interview-photo" src={photoURL} alt={t('header.photoAlt', { name })} />}
        <div className="interview-identity">
          <h1 id={titleId} className="interview-title">
            <span className="interview-eyebrow">{t('header.eyebrow')}</span> {name}
          </h1>
          <p className="interview-relationship">
            {relation}
            {person.isDeceased && (
              <>
                {relation && <span className="visually-hidden">, </span>}
                <span className="interview-deceased">{t('header.deceased')}</span>
              </>
            )}
          </p>
          {facts.length > 0 && (
            <dl className="interview-facts">
              {facts.map(({ key, value }) => (
                <div key={key}>
                  <dt>{t(`header.${key}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
        <Link className="button interview-back" to="/family-tree">
          <span aria-hidden="true">←</span> {t('page.back')}
        </Link>
      </div>
      <p className="interview-intro">{t('header.intro', { name: person.firstName || name })}</p>
    </header>
  )
}
