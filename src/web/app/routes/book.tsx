import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { BookList } from '../../features/book/components/book-list.tsx'
import { BookMaker } from '../../features/book/components/book-maker.tsx'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useTreeIndex, useTreeView } from '../../features/family-tree/api/tree-page-queries.ts'
import { entryId, memberFromEntry } from '../../features/family-tree/lib/tree-index.ts'
import { memberName } from '../../features/family-tree/lib/member-name.ts'
import { isReaderCard } from '../../features/family-tree/lib/reader-card.ts'
import { useUiLanguage } from '../../lib/ui-language.ts'

/**
 * /book (docs/product.md#book): a print-ready book of one's life, a relative's or the family's.
 * `?memberId=` opens a relative's book (their card's «Hacer su libro»); one's own card opens one's own.
 */
export function BookRoute() {
  const { t } = useTranslation('book')
  useDocumentTitle(t('page.title'))
  const language = useUiLanguage()
  const memberId = useSearchParams()[0].get('memberId')?.trim() || undefined
  // Everyone's names from the tree's index, not the whole tree (a hundred thousand people are a
  // few MiB there); the reader's own card is the view's default centre when they have one.
  const index = useTreeIndex()
  const own = useTreeView(undefined, 0)
  const reader = { userId: useSession().data?.id, keeperId: index.data?.tree?.ownerId }
  const readerCardId = own.data?.members.find((member) => isReaderCard(member, reader))?.memberId
  // Everyone in the tree but the reader, whose own book is «Mi libro» (in a tree kept by another, the keeper is a relative).
  const relatives = useMemo(
    () => (index.data?.people ?? []).filter((entry) => entryId(entry) !== readerCardId).map((entry) => ({ id: entryId(entry), name: memberName(memberFromEntry(entry)) })),
    [index.data, readerCardId],
  )
  const isLoaded = (index.data !== undefined && own.data !== undefined) || index.isError || own.isError
  const isRelative = memberId !== undefined && relatives.some((person) => person.id === memberId)

  return (
    <section className="page" aria-labelledby="book-title">
      <h1 id="book-title">{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      {/* The choices start from the relative asked for, so they wait for the tree that names them. */}
      {isLoaded ? (
        <BookMaker key={isRelative ? memberId : 'own'} language={language} relatives={relatives} initialMemberId={isRelative ? memberId : undefined} />
      ) : (
        <p className="page-status" role="status">
          {t('contents.loading')}
        </p>
      )}
      <BookList />
    </section>
  )
}
