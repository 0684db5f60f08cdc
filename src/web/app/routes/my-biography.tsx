import { useTranslation } from 'react-i18next'
import { isLanguage } from '../../../shared/limits.ts'
import { StatusMessage } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { BiographyChat } from '../../features/biography/components/biography-chat.tsx'
import { BiographyHeader } from '../../features/biography/components/biography-header.tsx'
import { MemoryList } from '../../features/biography/components/memory-list.tsx'
import { NewMemory } from '../../features/biography/components/new-memory.tsx'
import { NoSelfMemberNotice } from '../../features/biography/components/no-self-member-notice.tsx'
import type { AttachmentSlot, MemoryMediaSlot, MemoryShareSlot, MemoryThumbnailsSlot } from '../../features/biography/components/slots.ts'
import { useShareEntry } from '../../features/biography/api/biography-queries.ts'
import { memoryName } from '../../features/biography/lib/memory-name.ts'
import { useCreateOwnCard, useRefetchFamilyTree, useSelfCard } from '../../features/family-tree/api/family-tree-queries.ts'
import { useRefreshFacts } from '../../features/facts/api/fact-queries.ts'
import { HeardFacts } from '../../features/facts/components/heard-facts.tsx'
import { UnknownFacts } from '../../features/facts/components/unknown-facts.tsx'
import { ShareWithFamily } from '../../features/family-tree/components/share-with-family.tsx'
import { useRefreshMedia, useUploadLimits } from '../../features/media/api/media-queries.ts'
import { MediaGallery } from '../../features/media/components/media-gallery.tsx'
import { MediaThumbnails } from '../../features/media/components/media-thumbnails.tsx'
import { MediaUploader } from '../../features/media/components/media-uploader.tsx'
import { acceptAttribute, isAcceptedFile } from '../../features/media/lib/accepted-types.ts'
import { isShrinkablePhoto } from '../../features/media/lib/compress-image.ts'
import { uploadMediaFile } from '../../features/media/lib/upload-media-file.ts'
import { uiLanguageOf } from '../../lib/ui-language.ts'

// ── Memory media slot ── a memory's gallery and uploader (features/media) in its media dialog.
const memoryMedia: MemoryMediaSlot = ({ entry, canManage, onChanged }) => (
  <>
    <MediaGallery entryId={entry.id} canManage={canManage} onDeleted={onChanged} headingLevel={3} />
    {canManage && <MediaUploader linkedToType="biographyEntry" linkedToId={entry.id} onUploaded={onChanged} headingLevel={3} />}
  </>
)

/** /my-biography (docs/product.md#biography): the chat with Cronos, and the memories it keeps. */
export function MyBiographyRoute() {
  // The chat kit's catalogue too, so the page waits for both at once rather than one after the other.
  const { t, i18n } = useTranslation(['biography', 'chat'])
  useDocumentTitle(t('page.title'))
  const session = useSession()
  const selfCard = useSelfCard()
  const createOwnCard = useCreateOwnCard()
  const refreshMedia = useRefreshMedia()
  // ── Memory thumbnails slot ── each memory's files, small, in the list (features/media).
  const memoryThumbnails: MemoryThumbnailsSlot = (entry) => <MediaThumbnails owner={{ entryId: entry.id }} label={t('memories.media')} />
  const uploadLimits = useUploadLimits()
  // ── Memory share slot ── «Compartir con la familia» (features/family-tree) under each memory of the person's.
  const shareEntry = useShareEntry()
  const memoryShare: MemoryShareSlot = (entry) => (
    <ShareWithFamily
      itemName={memoryName(entry, uiLanguageOf(i18n))}
      sharedWith={entry.sharedWith}
      onChange={(treeId, share) => shareEntry.mutateAsync({ id: entry.id, treeId, share })}
    />
  )
  // Unknown until the card has been asked for: no notice is better than a wrong one.
  const hasSelfMember = selfCard.data ? selfCard.data.member !== null : undefined
  // ── Heard facts ── what Cronos heard about the person, for their own card: only while their own
  // tree is the one shown (in another's, the card marked as its keeper's is not theirs).
  const userId = session.data?.id
  const ownCard = userId !== undefined && selfCard.data?.tree?.ownerId === userId ? (selfCard.data.member ?? undefined) : undefined
  const refreshFacts = useRefreshFacts()
  const refetchTree = useRefetchFamilyTree()
  const language = uiLanguageOf(i18n)
  const makeOwnCard = async (fullName: string) => {
    await createOwnCard.mutateAsync({ fullName, ...(isLanguage(language) ? { language } : {}) })
  }

  // ── Attachment slot ── files chosen in the chat, uploaded with tus (features/media) once
  // Cronos' reply is saved as a memory.
  const attachments: AttachmentSlot = {
    accept: acceptAttribute,
    isAccepted: isAcceptedFile,
    limits: uploadLimits,
    isShrinkable: isShrinkablePhoto,
    upload: async (file, entryId, onProgress) => {
      const outcome = await uploadMediaFile({ file, linkedToType: 'biographyEntry', linkedToId: entryId, limits: uploadLimits }, onProgress)
      if (outcome.type === 'done') refreshMedia()
      return outcome.type === 'done'
    },
  }

  return (
    <section className="page biography-page" aria-labelledby="my-biography-title">
      <BiographyHeader titleId="my-biography-title" />
      {hasSelfMember === false && session.data && <NoSelfMemberNotice accountName={session.data.displayName} onCreate={makeOwnCard} />}
      <StatusMessage>{hasSelfMember && createOwnCard.isSuccess ? t('noSelf.created') : null}</StatusMessage>
      <BiographyChat attachments={attachments} onDone={ownCard ? () => void refreshFacts(ownCard.memberId) : undefined} />
      {ownCard && (
        <>
          <HeardFacts memberId={ownCard.memberId} name={ownCard.firstName} subject="self" readerUserId={userId} mayDecide onTreeChanged={refetchTree} />
          <UnknownFacts memberId={ownCard.memberId} name={ownCard.firstName} subject="self" />
        </>
      )}
      <MemoryList currentUserId={session.data?.id} renderMedia={memoryMedia} renderThumbnails={memoryThumbnails} renderShare={memoryShare}>
        <NewMemory />
      </MemoryList>
    </section>
  )
}
