import { useQueries, type UseQueryOptions } from '@tanstack/react-query'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import type { PhotoLookup } from './memory-game-logic.ts'

/** The query of one member's files, newest first (the media feature's `memberMediaQuery`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query key the media feature chooses
export type MemberMediaQuery = (memberId: string) => UseQueryOptions<MediaAsset[], Error, MediaAsset[], any>

/** The first photo among a member's files, in its small version when there is one. */
export function firstPhotoURL(media: readonly MediaAsset[] | undefined): string | null {
  const photo = media?.find((asset) => asset.contentType.startsWith('image/'))
  return photo ? (photo.thumbnailURL ?? photo.downloadURL) : null
}

/**
 * The photos of a round's members, asked for only for those with files. A list that cannot be
 * loaded counts as no photo (the member plays with their name), after a single retry so the
 * round is not held up for long.
 */
export function useRoundPhotos(members: readonly Member[], mediaQuery: MemberMediaQuery): { photoOf: PhotoLookup; isPending: boolean } {
  const withFiles = members.filter((member) => member.mediaAssetIds.length > 0)
  const results = useQueries({ queries: withFiles.map((member) => ({ ...mediaQuery(member.memberId), retry: 1 })) })
  const photos = new Map(withFiles.map((member, index) => [member.memberId, firstPhotoURL(results[index]?.data)]))
  return {
    photoOf: (memberId) => photos.get(memberId) ?? null,
    isPending: results.some((result) => result.isPending),
  }
}
