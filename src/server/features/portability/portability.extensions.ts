import { mediaEntryPath } from '../../lib/zip/media-entry.ts'
import type { CircleService } from '../family-tree/family-tree.circle.service.ts'
import type { FamilyTreeService } from '../family-tree/family-tree.service.ts'
import type { GedcomService } from '../gedcom/gedcom.service.ts'
import type { InterviewService } from '../interviews/interviews.service.ts'
import type { MediaService } from '../media/media.service.ts'
import type { ExportExtension } from './portability.ports.ts'

interface Services {
  gedcom: Pick<GedcomService, 'exportTree'>
  interviews: Pick<InterviewService, 'toldElsewhere'>
  media: Pick<MediaService, 'addedElsewhere' | 'openContent'>
  circle: Pick<CircleService, 'treesOfOthers'>
  familyTree: Pick<FamilyTreeService, 'memberNames'>
}

/** Where a file someone added to another's tree goes in their export: beside the record, apart from their own media/. */
const contributedFilePath = (file: { id: string; fileName: string }) => `contributions/${mediaEntryPath(file)}`

/**
 * The archive's entries that are no feature's own rows: the tree as GEDCOM for other programs,
 * and what the person added to trees kept in other accounts, read through each feature's service.
 */
export function exportExtensionsFrom({ gedcom, interviews, media, circle, familyTree }: Services): ExportExtension[] {
  return [
    {
      path: 'family-tree.ged',
      description: 'The family tree as GEDCOM 7.0, for genealogy programs; its OBJE files are the media/ entries beside it. An import reads family-tree.json, not this.',
      // Each member's files point at their copy inside the archive, so the unzipped folder opens whole.
      write: (userId, tree) => gedcom.exportTree(userId, '7.0', { tree, inArchive: true, mediaFile: (asset) => mediaEntryPath(asset) }),
    },
    {
      path: 'contributions.json',
      description:
        'What you added to family trees kept in other accounts: the interviews you told (question and answer, about whom) and the files you added, whose bytes are under contributions/ (each file says its path). A record to keep: an import does not bring it back, it belongs to those trees.',
      write: async (userId) => {
        const [told, files, trees] = await Promise.all([interviews.toldElsewhere(userId), media.addedElsewhere(userId), circle.treesOfOthers(userId)])
        const holders = [...new Set([...told.map((item) => item.holderId), ...files.map((item) => item.holderId)])]
        const contributions = await Promise.all(
          holders.map(async (holderId) => {
            const own = told.filter((item) => item.holderId === holderId)
            const names = await familyTree.memberNames(
              holderId,
              own.map((item) => item.memberId),
            )
            return {
              treeName: trees.get(holderId)?.treeName ?? null,
              ownerName: trees.get(holderId)?.ownerName ?? null,
              interviews: own.map(({ holderId: _holder, ...item }) => ({ ...item, memberName: names.get(item.memberId) ?? null })),
              files: files.filter((item) => item.holderId === holderId).map(({ holderId: _holder, ...item }) => ({ ...item, path: contributedFilePath(item) })),
            }
          }),
        )
        return Buffer.from(`${JSON.stringify({ contributions }, null, 2)}\n`)
      },
      files: async (userId) => (await media.addedElsewhere(userId)).map((item) => ({ path: contributedFilePath(item), open: () => media.openContent(item.holderId, item.id) })),
    },
  ]
}
