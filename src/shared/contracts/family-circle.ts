import { z } from 'zod'
import { treeRoles } from '../family-tree/roles.ts'
import { languages } from '../limits.ts'
import { emailSchema, timestampSchema } from './common.ts'

export { treeRoles, type TreeRole } from '../family-tree/roles.ts'

/** A tree the person belongs to, as the switcher lists it. */
export const treeSummarySchema = z.object({
  treeId: z.string(),
  treeName: z.string(),
  role: z.enum(treeRoles),
  /** The name of the person who owns it ("Rosa Pérez"). */
  ownerName: z.string(),
  /** The tree the person's pages show now. */
  isActive: z.boolean(),
  /** The tree started in this person's own account. */
  isOwn: z.boolean(),
})
export type TreeSummary = z.infer<typeof treeSummarySchema>

export const treeListSchema = z.object({
  trees: z.array(treeSummarySchema),
  /** The person has no tree of their own yet (they can start one). */
  hasOwnTree: z.boolean(),
})
export type TreeList = z.infer<typeof treeListSchema>

/** Switch the pages to another tree; `own` starts one's own tree when there is none yet. */
export const chooseTreeSchema = z.union([z.object({ treeId: z.string().min(1) }), z.object({ own: z.literal(true) })])
export type ChooseTree = z.infer<typeof chooseTreeSchema>

export const circlePersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(treeRoles),
  joinedAt: timestampSchema,
  /** The member of the tree this person is, when linked. */
  linkedMemberId: z.string().nullable(),
  linkedMemberName: z.string().nullable(),
  isYou: z.boolean(),
  /** The account the tree's rows are kept under: they cannot be removed or leave. */
  isHolder: z.boolean(),
})
export type CirclePerson = z.infer<typeof circlePersonSchema>

export const invitationStatuses = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const
export type InvitationStatus = (typeof invitationStatuses)[number]

export const invitationSchema = z.object({
  invitationId: z.string(),
  role: z.enum(treeRoles),
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  email: z.string().nullable(),
  invitedByName: z.string(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  status: z.enum(invitationStatuses),
  /** When the invitation was mailed; null when it was only shown as a link. */
  sentAt: timestampSchema.nullable(),
})
export type Invitation = z.infer<typeof invitationSchema>

export const circleSchema = z.object({
  treeId: z.string(),
  treeName: z.string(),
  yourRole: z.enum(treeRoles),
  people: z.array(circlePersonSchema),
  /** Pending invitations (empty for those who may not invite). */
  invitations: z.array(invitationSchema),
  /** The server can mail invitations (SMTP is set up). */
  canMail: z.boolean(),
})
export type Circle = z.infer<typeof circleSchema>

export const invitationDaysMax = 60

export const createInvitationSchema = z.object({
  role: z.enum(['editor', 'contributor', 'viewer']),
  /** The member the invited person is ("this is Abuela Rosa"): accepting links them to it. */
  memberId: z.string().min(1).nullish(),
  /** Mail the link there as well, when the server can mail. */
  email: emailSchema.nullish(),
  /** Days until the link stops working. */
  expiresInDays: z.number().int().min(1).max(invitationDaysMax).default(14),
  /** The language of the mail. */
  language: z.enum(languages).optional(),
})
export type CreateInvitation = z.input<typeof createInvitationSchema>

/** A new invitation: the link is shown once, and only a hash of its token is kept. */
export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  url: z.string(),
  /** The mail was handed to the mail server. */
  mailed: z.boolean(),
})
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>

/** What the invitation page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  invitedByName: z.string(),
  treeName: z.string(),
  role: z.enum(treeRoles),
  memberName: z.string().nullable(),
  expiresAt: timestampSchema,
  status: z.enum(invitationStatuses),
})
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>

export const acceptedInvitationSchema = z.object({
  treeId: z.string(),
  role: z.enum(treeRoles),
  /** The member the person was linked to, when the invitation named one and it was free. */
  linkedMemberId: z.string().nullable(),
})
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>

export const changeRoleSchema = z.object({ role: z.enum(treeRoles) })

export const familyNewsKinds = ['member', 'interview', 'photo', 'recording', 'memory'] as const

/** Something another person added to the tree since the reader's last visit. */
export const familyNewsItemSchema = z.object({
  kind: z.enum(familyNewsKinds),
  /** The id of what was added (member, interview session, media or memory). */
  id: z.string(),
  /** The member it is about (the new relative itself, for `member`). */
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  authorName: z.string(),
  at: timestampSchema,
  /** A line to show: the memory's title, the photo's caption, the interview's first words. */
  title: z.string(),
  /** The file to show or play, for photos and recordings. */
  mediaId: z.string().nullable(),
  contentType: z.string().nullable(),
})
export type FamilyNewsItem = z.infer<typeof familyNewsItemSchema>

export const familyNewsSchema = z.object({
  /** The last visit the news count from; null on the first. */
  since: timestampSchema.nullable(),
  items: z.array(familyNewsItemSchema),
})
export type FamilyNews = z.infer<typeof familyNewsSchema>

/**
 * What deleting an account takes from the family, said before it is asked for: the trees kept
 * in it go whole (with what others added to them), and what the person added to others' trees goes.
 */
export const accountReachSchema = z.object({
  heldTrees: z.array(
    z.object({
      treeId: z.string(),
      treeName: z.string(),
      members: z.number(),
      /** Others who belong to it and lose it too. */
      otherPeople: z.number(),
    }),
  ),
  contributions: z.array(
    z.object({
      treeId: z.string(),
      treeName: z.string(),
      ownerName: z.string(),
      interviews: z.number(),
      files: z.number(),
    }),
  ),
  /** A tree kept in this account that someone else owns now (it was handed over): it moves to a keeper and stays with them when the account goes (ADR 0046). */
  handedOverTrees: z.array(z.object({ treeId: z.string(), treeName: z.string(), ownerName: z.string() })),
})
export type AccountReach = z.infer<typeof accountReachSchema>

// ── What a person shares with a tree, one memory or AI-lab story at a time ──

/** A tree one of the person's memories or stories is shared with. */
export const sharedWithSchema = z.object({ treeId: z.string(), treeName: z.string() })
export type SharedWith = z.infer<typeof sharedWithSchema>

/** `PUT …/share`: the tree to share with; the person must be in it with a role that adds content. */
export const shareWithTreeSchema = z.object({ treeId: z.string().min(1, { error: 'validation.invalid' }).max(100, { error: 'validation.invalid' }) })
export type ShareWithTree = z.infer<typeof shareWithTreeSchema>

export const sharedItemKinds = ['memory', 'story'] as const
export type SharedItemKind = (typeof sharedItemKinds)[number]

/** A memory (biography) or an AI-lab story its author shared with the tree, as the tree's people read it. */
export const sharedMemorySchema = z.object({
  kind: z.enum(sharedItemKinds),
  id: z.string(),
  authorName: z.string(),
  /** The memory's title; empty for a story and for a memory without one. */
  title: z.string(),
  /** The memory's words, or the story as told. */
  text: z.string(),
  /** A story's fantastical variation, when it was kept with it. */
  variation: z.string().nullable(),
  /** When the remembered thing happened, in genealogy-date's stored form; null for a story. */
  eventDate: z.string().nullable(),
  /** The memory's photos and files, readable by the tree's people while it is shared. */
  mediaAssetIds: z.array(z.string()),
  sharedAt: timestampSchema,
})
export type SharedMemory = z.infer<typeof sharedMemorySchema>

export const sharedMemoryListSchema = z.object({ memories: z.array(sharedMemorySchema) })
export type SharedMemoryList = z.infer<typeof sharedMemoryListSchema>
