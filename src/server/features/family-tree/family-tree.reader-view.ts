import type { FamilyTree } from '../../../shared/contracts/family-tree.ts'
import { todayCalendarDate } from '../../../shared/calendar-date.ts'
import { familyTreeForViewer } from '../../../shared/family-tree/living.ts'
import { roleMay, type TreeActor } from '../../../shared/family-tree/roles.ts'
import type { FamilyTreeService } from './family-tree.service.ts'

/**
 * The whole tree as one reader may see it: all of it for those who see the living, the living
 * closed (name and relation only) for a viewer. What the book and the timeline read a tree with.
 */
export async function treeAsReaderSees(familyTree: Pick<FamilyTreeService, 'getTree'>, reader: TreeActor): Promise<FamilyTree> {
  const tree = await familyTree.getTree(reader.holderId)
  return roleMay(reader.role, 'tree.see-living') ? tree : familyTreeForViewer(tree, { today: todayCalendarDate(), openedUp: new Set() })
}
