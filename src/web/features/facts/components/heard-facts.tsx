import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { useFactList } from '../api/fact-queries.ts'
import type { FactSubject } from '../lib/fact-words.ts'
import { HeardFactItem, type FactDecision } from './heard-fact-item.tsx'
import './heard-facts.css'

interface HeardFactsProps {
  memberId: string
  /** The person's first name, for the heading about a relative. */
  name: string
  subject: FactSubject
  readerUserId: string | undefined
  /** The reader edits the tree, and so decides what goes into it; anyone else reads what was heard. */
  mayDecide: boolean
  /** Accepting changed the tree (a field filled, a relative added): the page reads the member and the tree again. */
  onTreeChanged: (memberIds: string[]) => unknown
}

/**
 * «Lo que Ana escuchó sobre Aurora» (or, on one's own biography, what Cronos heard): the facts
 * proposed from what was told, which everyone in the tree reads, each waiting for someone who edits
 * the tree to accept, correct or dismiss it. Shown only while there is something to decide, or something was decided
 * on this visit (so its announcement and the keyboard have somewhere to land).
 */
export function HeardFacts({ memberId, name, subject, readerUserId, mayDecide, onTreeChanged }: HeardFactsProps) {
  const { t } = useTranslation('facts')
  const facts = useFactList(memberId)
  const [announcement, setAnnouncement] = useState('')
  const [hasDecided, setHasDecided] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const open = facts.data?.open ?? []

  function handleDecided(decision: FactDecision, fact: string) {
    setHasDecided(true)
    setAnnouncement(t(decision === 'accepted' ? 'panel.accepted' : 'panel.dismissed', { fact }))
    // The decided fact's buttons are gone: the keyboard waits on the heading, next to what is left.
    headingRef.current?.focus()
  }

  // Nothing to decide, or a list that could not be read: the page goes on without the panel, which only ever adds.
  if (open.length === 0 && !hasDecided) return null

  return (
    <section className="heard-facts" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t(`panel.heading.${subject}`, { name })}
      </h2>
      <StatusMessage>{announcement}</StatusMessage>
      {open.length > 0 ? (
        <>
          <p className="heard-facts-intro">{t(mayDecide ? `panel.intro.${subject}` : 'panel.intro.readOnly')}</p>
          <ul className="heard-facts-list" aria-label={t('panel.list')}>
            {open.map((proposal) => (
              <HeardFactItem
                key={proposal.id}
                proposal={proposal}
                subject={subject}
                subjectName={name}
                readerUserId={readerUserId}
                mayDecide={mayDecide}
                onTreeChanged={onTreeChanged}
                onDecided={handleDecided}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="heard-facts-intro">{t(`panel.allReviewed.${subject}`)}</p>
      )}
    </section>
  )
}
