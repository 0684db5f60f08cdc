/**
 * Who may do what in a shared family tree: one table, read by the server (which decides) and by
 * the web (which only hides what would be refused). Deny by default: an action a role does not
 * list is refused.
 */
export const treeRoles = ['owner', 'editor', 'contributor', 'viewer'] as const
export type TreeRole = (typeof treeRoles)[number]

export const treeActions = [
  /** See the tree, its people, their interviews and photos (living people shown as the role allows). */
  'tree.read',
  /** See the dates and places of living people. */
  'tree.see-living',
  /** Add, change and delete people and the links between them. */
  'tree.edit',
  /** Download the tree as GEDCOM. */
  'tree.export',
  /** Bring a GEDCOM file into the tree. */
  'tree.import',
  /** Add interviews, photos and recordings about people of the tree. */
  'content.add',
  /** Change or delete what anyone added (without it, only what one added oneself). */
  'content.change-any',
  /** Invite people, see and revoke pending invitations. */
  'circle.invite',
  /** Change roles, remove people, open a living person up, hand the tree over. */
  'circle.manage',
] as const
export type TreeAction = (typeof treeActions)[number]

/** Someone acting on a tree: who they are, the account the tree's rows are kept under, and their role there. */
export interface TreeActor {
  userId: string
  holderId: string
  role: TreeRole
}

const grants: Record<TreeRole, readonly TreeAction[]> = {
  owner: treeActions,
  editor: ['tree.read', 'tree.see-living', 'tree.edit', 'tree.export', 'tree.import', 'content.add', 'content.change-any', 'circle.invite'],
  contributor: ['tree.read', 'tree.see-living', 'content.add'],
  viewer: ['tree.read'],
}
const granted = new Map(treeRoles.map((role) => [role, new Set<TreeAction>(grants[role])]))

export function isTreeRole(value: string): value is TreeRole {
  return (treeRoles as readonly string[]).includes(value)
}

/** Whether a role may do an action; an unknown role may do nothing. */
export function roleMay(role: string, action: TreeAction): boolean {
  return granted.get(role as TreeRole)?.has(action) ?? false
}

/**
 * Whether someone may change or delete a thing of the tree: anyone whose role changes anything,
 * and whoever added it while they may still add (a contributor made a viewer keeps their
 * interviews but cannot change them any more).
 */
export function mayChangeItem(role: string, userId: string, authorId: string | null, holderId: string): boolean {
  if (roleMay(role, 'content.change-any')) return true
  return roleMay(role, 'content.add') && (authorId ?? holderId) === userId
}
