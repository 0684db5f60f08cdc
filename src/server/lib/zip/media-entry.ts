import { sanitiseBaseName } from '../../../shared/media-path.ts'

/**
 * Where a stored file's bytes go in an archive of ours (the account export, a GEDZIP): its own
 * folder, so two files of one name never meet.
 */
export function mediaEntryPath(asset: { id: string; fileName: string }): string {
  const name = asset.fileName.split(/[/\\]/).pop() ?? ''
  return `media/${sanitiseBaseName(asset.id)}/${sanitiseBaseName(name) || 'file'}`
}
