import { memo, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Member, Union, UpdateMember } from '../../../../shared/contracts/family-tree.ts'
import { isSelfMember } from '../../../../shared/family-tree/self-member.ts'
import { useEditInPlace } from '../../../components/ui/use-edit-in-place.ts'
import { useUpdateMember } from '../api/family-tree-queries.ts'
import { conversationCount } from '../lib/conversations.ts'
import { memberName } from '../lib/member-name.ts'
import { MediaButtons, type MediaPanel, type MemberMediaSlot } from './media-buttons.tsx'
import { MemberDetails } from './member-details.tsx'
import { LazyMemberForm, preloadMemberForm } from './lazy-member-form.tsx'
import { useTreeAccess } from '../lib/tree-access.ts'
import { unionsOf } from '../lib/member-unions.ts'
import { useTreePeople } from '../lib/tree-people.ts'
import { isReaderCard } from '../lib/reader-card.ts'
import { readerRelationLine, useReaderKinship } from '../lib/reader-kinship.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { MemberLink } from './member-link.tsx'
import './member-card.css'

interface MemberCardProps {
  member: Member
  /** Everyone the card may name (its relatives), whole or as the index knows them. */
  membersById: ReadonlyMap<string, Member>
  /** The unions read with the member (their marriages); without them, those the page knows. */
  unions?: readonly Union[]
  onDelete: (member: Member) => void
  onUpdated: (member: Member) => void
  /** The media feature's uploader and gallery for this member, when the page provides them. */
  media?: MemberMediaSlot
  /** More buttons under the card's own (the card opened from the chart: centre here, add a mother…). */
  extraActions?: ReactNode
  /** Focus the card's name when it is shown (a card opened from the chart). */
  isFocusedOnOpen?: boolean
}

/**
 * Whether a card drawn with `before` would be drawn the same with `after`. Of everyone it may name
 * it reads only its relatives: a save that changes someone else (a new lookup of everyone) leaves
 * it as it is. Re-drawing the hundreds of cards a long list shows took 200 ms of each save. Without
 * its unions it names spouses from the page's, which any save may change.
 */
function isSameCard(before: MemberCardProps, after: MemberCardProps): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof MemberCardProps)[])
  for (const key of keys) if (key !== 'membersById' && before[key] !== after[key]) return false
  if (before.membersById === after.membersById) return true
  if (!after.unions) return false
  const { member } = after
  const named = [...member.parentMemberIds, ...member.spouseMemberIds, ...member.childrenMemberIds, ...unionsOf(member, after.unions).map(({ spouseId }) => spouseId)]
  return named.every((id) => id === null || before.membersById.get(id) === after.membersById.get(id))
}

/**
 * One person of the tree with what is known of them, their actions and the edit-in-place form.
 * Memoised: the list draws its cards a few at a time, and those already drawn stay as they are.
 */
export const MemberCard = memo(function MemberCard({ member, membersById, unions, onDelete, onUpdated, media, extraActions, isFocusedOnOpen = false }: MemberCardProps) {
  const { t } = useTranslation('family-tree')
  const updateMember = useUpdateMember()
  const { isEditing, open: openEditor, close: closeEditor, editButtonRef } = useEditInPlace()
  const [isMediaNoteShown, setIsMediaNoteShown] = useState(false)
  const [openPanels, setOpenPanels] = useState<ReadonlySet<MediaPanel>>(new Set())
  const uploaderId = useId()
  const galleryId = useId()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const name = memberName(member)
  const conversations = conversationCount(member)
  const isSelf = isSelfMember(member)
  const access = useTreeAccess()
  const language = useUiLanguage()
  // To someone who does not keep the tree, the card says how the person stands to them.
  const readerRelation = useReaderKinship().relationOf(member)
  const relationLine = readerRelation ? readerRelationLine(member, readerRelation, language, t) : isSelf ? t('card.selfRelationship') : member.relationshipToOwner
  const mayEdit = access.mayEditCard(member)
  // The reader's own card makes their own book; any other a relative's.
  const isReaderOwn = isReaderCard(member, { userId: access.userId, keeperId: access.keeperId })
  // A linked person who does not edit the tree changes their own card's facts, not its links.
  const isFactsOnly = mayEdit && !access.mayEditTree

  // A card opened from the chart takes the keyboard, so its name is read and its buttons are next.
  useEffect(() => {
    if (isFocusedOnOpen) headingRef.current?.focus()
  }, [isFocusedOnOpen, member.memberId])

  async function handleSave(changes: UpdateMember) {
    const updated = await updateMember.mutateAsync({ memberId: member.memberId, changes: isFactsOnly ? factsOf(changes) : changes })
    closeEditor()
    onUpdated(updated)
  }

  function toggleMediaPanel(panel: MediaPanel) {
    setOpenPanels((open) => {
      const next = new Set(open)
      if (next.has(panel)) next.delete(panel)
      else next.add(panel)
      return next
    })
  }

  if (isEditing) {
    return (
      <article className="member-card member-card-editing card" aria-labelledby={headingId}>
        <h3 id={headingId} className="member-name">
          {t('card.editHeading', { name })}
        </h3>
        <EditForm
          labelledBy={headingId}
          member={member}
          {...(unions ? { unions } : {})}
          submitLabel={t('form.saveChanges')}
          onSubmit={handleSave}
          onCancel={closeEditor}
          isFactsOnly={isFactsOnly}
        />
      </article>
    )
  }

  return (
    <article className="member-card card" aria-labelledby={headingId}>
      <header className="member-card-header">
        {member.portraitURL && <img className="member-portrait" src={member.portraitURL} alt="" width={72} height={72} loading="lazy" decoding="async" />}
        <h3 id={headingId} ref={headingRef} className="member-name" tabIndex={isFocusedOnOpen ? -1 : undefined}>
          {name}
        </h3>
        {isSelf && !readerRelation && <span className="member-self-badge">{t('card.selfBadge')}</span>}
        {member.linkedUserAccountId !== null && (
          <span className="member-linked-badge">{access.isOwnCard(member) ? t('card.linkedYou') : t('card.linked', { name: member.firstName || name })}</span>
        )}
        {member.linkedUserAccountId === null && member.connectionStatus === 'pending' && <span className="member-linked-badge">{t('card.invitationSent')}</span>}
      </header>
      <p className="member-relationship">{relationLine}</p>
      <MemberDetails member={member} membersById={membersById} {...(unions ? { unions } : {})} />
      {/* None yet says nothing: a card full of "no conversations" reads as a reproach. */}
      {conversations > 0 && (
        <p className="member-conversations">
          {t('card.conversations', { count: conversations, name: member.firstName || name })}{' '}
          <Link to={`/interview/${encodeURIComponent(member.memberId)}`} aria-label={t('card.conversationsLabel', { count: conversations, name })}>
            {t('card.conversationsOpen')}
          </Link>
        </p>
      )}
      <div className="member-actions">
        {access.mayAddContent && (
          <Link className="button button-primary" to={`/interview/${encodeURIComponent(member.memberId)}`} aria-label={t('card.interviewLabel', { name })}>
            {t('card.interview')}
          </Link>
        )}
        {/* One's own card leads to one's own story: the page sends it on to /my-story. */}
        <Link className="button" to={`/story/${encodeURIComponent(member.memberId)}`} aria-label={t('card.storyLabel', { name })}>
          {t('card.story')}
        </Link>
        <Link className="button" to={`/timeline/${encodeURIComponent(member.memberId)}`} aria-label={t('card.timelineLabel', { name })}>
          {t('card.timeline')}
        </Link>
        <Link
          className="button"
          to={isReaderOwn ? '/book' : `/book?memberId=${encodeURIComponent(member.memberId)}`}
          aria-label={isReaderOwn ? undefined : t('card.bookLabel', { name })}
        >
          {t(isReaderOwn ? 'card.ownBook' : 'card.book')}
        </Link>
        <MediaButtons
          name={name}
          hasMedia={media !== undefined}
          mayUpload={access.mayAddContent}
          openPanels={openPanels}
          panelIds={{ uploader: uploaderId, gallery: galleryId }}
          onToggle={toggleMediaPanel}
          onPress={() => setIsMediaNoteShown(true)}
        />
        {mayEdit && (
          <button
            ref={editButtonRef}
            type="button"
            className="button"
            aria-label={t('card.editLabel', { name })}
            onClick={openEditor}
            onPointerEnter={preloadMemberForm}
            onFocus={preloadMemberForm}
          >
            {t('card.edit')}
          </button>
        )}
        {access.mayEditTree && (
          <button type="button" className="button button-danger" aria-label={t('card.deleteLabel', { name })} onClick={() => onDelete(member)}>
            {t('card.delete')}
          </button>
        )}
        <MemberLink member={member} name={name} />
      </div>
      {extraActions}
      {media && openPanels.has('uploader') && (
        <div id={uploaderId} className="member-media-panel">
          {media.renderUploader(member, name)}
        </div>
      )}
      {media && openPanels.has('gallery') && (
        <div id={galleryId} className="member-media-panel">
          {media.renderGallery(member, name)}
        </div>
      )}
      {!media && (
        <p className="member-media-note" aria-live="polite">
          {isMediaNoteShown ? t('card.mediaComingSoon', { name }) : ''}
        </p>
      )}
    </article>
  )
}, isSameCard)

/**
 * The card's form, offering everyone the page knows as relatives: read from the page here, so the
 * cards that are not being edited do not draw again when the page learns of more people.
 */
function EditForm(props: Omit<ComponentProps<typeof LazyMemberForm>, 'members'>) {
  const { people } = useTreePeople()
  return <LazyMemberForm {...props} members={people.everyone()} />
}

const relationFields = ['parentMemberIds', 'parentLinks', 'childrenMemberIds', 'childLinks', 'spouseMemberIds', 'unions', 'isSelf', 'relationshipToOwner'] as const

/** A card's facts without its links to others, which only the tree's editors change. */
function factsOf(changes: UpdateMember): UpdateMember {
  const facts: UpdateMember = { ...changes }
  for (const field of relationFields) delete facts[field]
  return facts
}
