import { z } from 'zod'
import { familyTreeSchema, memberSchema, unionSchema } from './family-tree.ts'
import { treeViewLimits } from '../family-tree/tree-view-limits.ts'

/**
 * The tree page reads what it shows, never the whole tree: a tree of 100,000 people is 130 MiB
 * of members, and a page that waited for it (and re-read it after every save) froze a phone.
 *
 * - `GET /api/family-tree/view?centre=<memberId>&generations=<n>`: the part the chart draws.
 * - `GET /api/family-tree/index`: every person, a few fields each, to find anyone by name.
 * - `GET /api/family-tree/members?ids=a,b,c`: full members for what a list shows right now.
 * - Every save answers with `changes`: what the page updates in place instead of reading again.
 */

/** The tree's own row: null until the first member. */
export const treeHeaderSchema = familyTreeSchema.shape.tree
export type TreeHeader = z.infer<typeof treeHeaderSchema>

/** `GET /api/family-tree/view` query. Without `centre`: the reader's own card, else the keeper's, else the first by name. */
export const treeViewQuerySchema = z.object({
  centre: z.string().min(1).optional(),
  generations: z.coerce.number().int().min(0).max(treeViewLimits.maxGenerations).default(treeViewLimits.defaultGenerations),
})
export type TreeViewQuery = z.input<typeof treeViewQuerySchema>

/**
 * The centre person and `generations` up (parents of every kind, their parents…) and down
 * (children of every kind, theirs…), with everyone's partners (spouses and the other parents of
 * their children) and the centre's siblings; the unions any of them is a partner in. Each member is
 * whole, so their id lists name people outside the view too: the page draws only those it has.
 */
export const treeViewSchema = z.object({
  tree: treeHeaderSchema,
  /** Null only for an empty tree. An unknown or foreign `centre` answers 404. */
  centreId: z.string().nullable(),
  /** Generations included each way (fewer than asked when the next would pass `maxPeople`). */
  generations: z.number().int(),
  /** Whether someone is left out above / below the generations included, or past `maxPeople`. */
  more: z.object({ up: z.boolean(), down: z.boolean() }),
  /** Whether the first generation itself was cut at `maxPeople`. */
  truncated: z.boolean(),
  /** People in the whole tree. */
  total: z.number().int(),
  members: z.array(memberSchema),
  unions: z.array(unionSchema),
})
export type TreeView = z.infer<typeof treeViewSchema>

/**
 * One person in the index: `[memberId, firstName, lastName, birthYear, deathYear, flags]`, an
 * array so that 100,000 people stay a few MiB. Years are null when unknown or not shown to the
 * reader (a living person kept from a viewer). `flags`: `indexFlags` bits.
 */
export const treeIndexEntrySchema = z.tuple([z.string(), z.string(), z.string(), z.number().int().nullable(), z.number().int().nullable(), z.number().int()])
export type TreeIndexEntry = z.infer<typeof treeIndexEntrySchema>

/**
 * `GET /api/family-tree/index`: everyone, ordered by last name then first name as the list shows
 * them. Answered with an ETag of `version`; the server builds it once per change of the tree.
 */
export const treeIndexSchema = z.object({
  tree: treeHeaderSchema,
  /** Changes with every write to the tree (its last modification and the reader's role). */
  version: z.string(),
  people: z.array(treeIndexEntrySchema),
})
export type TreeIndex = z.infer<typeof treeIndexSchema>

/** `GET /api/family-tree/members?ids=`: comma-separated, at most `maxIds`; unknown ids are left out, never an error. */
export const membersByIdsQuerySchema = z.object({ ids: z.string().min(1) })
export const membersByIdsSchema = z.object({ members: z.array(memberSchema), unions: z.array(unionSchema) })
export type MembersByIds = z.infer<typeof membersByIdsSchema>

/**
 * `GET /api/family-tree/self-card`: the card of the tree's keeper (flagged as theirs, or with a
 * relationship such as «Yo mismo/a»), whole, with the tree's row; `member` is null when the tree
 * has none. A page about the keeper (their biography) reads it instead of the tree.
 */
export const selfCardSchema = z.object({ tree: treeHeaderSchema, member: memberSchema.nullable() })
export type SelfCard = z.infer<typeof selfCardSchema>

/**
 * What a save changed, for the page to update in place: every member whose fields or links
 * changed (the one saved, their old and new parents, children and partners), whole; every union
 * added or changed; what is gone; and the tree's row as it is now.
 */
export const treeChangesSchema = z.object({
  tree: treeHeaderSchema,
  members: z.array(memberSchema),
  unions: z.array(unionSchema),
  removedMemberIds: z.array(z.string()),
  removedUnionIds: z.array(z.string()),
})
export type TreeChanges = z.infer<typeof treeChangesSchema>

/** `POST /members`, `PATCH /members/:id`, `POST /own-card`, `POST /members/:id/is-me`: the member and what changed. */
export const memberSavedSchema = z.object({ member: memberSchema, changes: treeChangesSchema })
export type MemberSaved = z.infer<typeof memberSavedSchema>

/** `DELETE /members/:id` answers 200 with what changed (it was 204 with nothing). */
export const memberDeletedSchema = z.object({ changes: treeChangesSchema })
export type MemberDeleted = z.infer<typeof memberDeletedSchema>
