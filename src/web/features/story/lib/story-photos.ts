import type { MediaAsset } from '../../../../shared/contracts/media.ts'
import type { StoryPhoto } from '../components/story-parts.tsx'

/** Files as the story shows them: images only (a recording or a document is no picture), oldest first. */
export function storyPhotosOf(media: readonly MediaAsset[] | undefined): StoryPhoto[] {
  return (media ?? [])
    .filter((asset) => asset.contentType.startsWith('image/'))
    .sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt))
    .map((asset) => ({ id: asset.id, src: asset.downloadURL, caption: asset.caption }))
}
