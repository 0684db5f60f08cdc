import { z } from 'zod'
import { kinRelations } from '../family-tree/kinship.ts'
import { parentKinds } from '../family-tree/parent-kinds.ts'
import { languages, limits } from '../limits.ts'
import { requiredSingleLineText, singleLineText, storedGenealogyDateSchema, timestampSchema, writtenGenealogyDate } from './common.ts'

/** Stored as the original product named them, in Spanish (docs/product.md#family-tree); each screen shows its own translation. */
export const genders = ['Masculino', 'Femenino', 'Otro', ''] as const
export type Gender = (typeof genders)[number]

export { parentKinds, type ParentKind } from '../family-tree/parent-kinds.ts'

export const parentLinkSchema = z.object({
  parentId: z.string(),
  /** The union (couple) the child belongs to through this parent, when known. */
  unionId: z.string().nullable(),
  kind: z.enum(parentKinds),
})
export type ParentLink = z.infer<typeof parentLinkSchema>

/**
 * A couple, or one parent's family: a row of its own, so two marriages of one person, a marriage
 * date and place, and the children born to each stay apart.
 */
export const unionSchema = z.object({
  unionId: z.string(),
  /** Either may be null: a family with one known parent, or a partner since deleted. */
  firstPartnerId: z.string().nullable(),
  secondPartnerId: z.string().nullable(),
  /** As written, in genealogy-date's language-free storage form; format it for the reader. */
  marriageDate: storedGenealogyDateSchema.nullable(),
  marriageDateSortKey: z.number().nullable(),
  marriagePlace: z.string(),
  /** They married (not only partners), even when nobody knows when or where. */
  isMarried: z.boolean(),
  divorceDate: storedGenealogyDateSchema.nullable(),
  divorcePlace: z.string(),
  notes: z.string(),
  /** The xref of the family record it was imported from. */
  sourceId: z.string().nullable(),
  /** Order among a person's unions (first marriage first). */
  position: z.number(),
  /** The children linked to this union, with how they belong to it, by birth date. */
  children: z.array(z.object({ childId: z.string(), kind: z.enum(parentKinds) })),
})
export type Union = z.infer<typeof unionSchema>

export const memberSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** '' for relatives brought in by an import, whose relationship to the owner nobody has said. */
  relationshipToOwner: z.string(),
  /**
   * As written ("hacia 1920", "BET 1920 AND 1925"), in genealogy-date's language-free storage form:
   * an exact day is `YYYY-MM-DD`. Show it with `formatGenealogyDate(parseGenealogyDate(value))`.
   */
  birthDate: storedGenealogyDateSchema.nullable(),
  /** Null unless `isDeceased`. */
  deathDate: storedGenealogyDateSchema.nullable(),
  /** `genealogyDateSortKey` of each date: what lists sort by; null when the date has no year. */
  birthDateSortKey: z.number().nullable(),
  deathDateSortKey: z.number().nullable(),
  birthPlace: z.string(),
  deathPlace: z.string(),
  /** Free notes (research notes, an imported NOTE). */
  notes: z.string(),
  /** The xref of the record it was imported from; null for members added by hand. */
  sourceId: z.string().nullable(),
  isDeceased: z.boolean(),
  gender: z.enum(genders),
  bioSummary: z.string(),
  isSelf: z.boolean(),
  /** Every parent, whatever the kind (at most 2 of each kind). */
  parentMemberIds: z.array(z.string()),
  /** The same parents with their union and kind. */
  parentLinks: z.array(parentLinkSchema),
  /** Derived from the unions with two partners: if A lists B, B lists A. */
  spouseMemberIds: z.array(z.string()),
  /** The unions the member is a partner in, in order. */
  unionIds: z.array(z.string()),
  /** Derived from the other members' parent links, by birth date. */
  childrenMemberIds: z.array(z.string()),
  /** Ids of the interview sessions about this member (the interviews feature fills it). */
  interviewSegments: z.array(z.string()),
  keyLifeEvents: z.array(z.string()),
  /** Ids of the media linked to this member (the media feature fills it). */
  mediaAssetIds: z.array(z.string()),
  /** Their portrait: the thumbnail of the first photo linked to them (the media feature fills it); null without one. */
  portraitURL: z.string().nullable(),
  /** The account of the person this card is, once they accepted an invitation for it. */
  linkedUserAccountId: z.string().nullable(),
  /** Who invited the person to this card. */
  connectionRequestSentBy: z.string().nullable(),
  /** 'pending' while an invitation for this card waits, 'accepted' once it is linked. */
  connectionStatus: z.enum(['pending', 'accepted']).nullable(),
  /** The owner opened this person up: viewers see their dates and places even while living. */
  openToViewers: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
})
export type Member = z.infer<typeof memberSchema>

/**
 * How a member stands to the person reading, when that person is not the tree's keeper (whose
 * word `relationshipToOwner` is): the relation the tree's links tell between the reader's own
 * card and the member (`kinshipWord` says it), or null when the reader has no card or the tree
 * links them no way it names; then the keeper's word is said as the keeper's, by their name.
 */
export const relationToReaderSchema = z.object({
  kinship: z.object({ relation: z.enum(kinRelations), generations: z.number().int().min(1).optional() }).nullable(),
  keeperName: z.string(),
})
export type RelationToReader = z.infer<typeof relationToReaderSchema>

/**
 * One member and the people one link away, read without the rest of the tree: what a page about
 * one relative shows (the interview's header), where the whole tree would be megabytes.
 */
export const memberFactsSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relationshipToOwner: z.string(),
  isSelf: z.boolean(),
  isDeceased: z.boolean(),
  /** As `memberSchema`'s: the stored form, formatted for the reader. */
  birthDate: storedGenealogyDateSchema.nullable(),
  deathDate: storedGenealogyDateSchema.nullable(),
  birthPlace: z.string(),
  deathPlace: z.string(),
  gender: z.enum(genders),
  bioSummary: z.string(),
  /** Parents first, then partners, then children by birth; `kind` is how the child is the parent's. */
  relatives: z.array(
    z.object({ memberId: z.string(), firstName: z.string(), lastName: z.string(), relation: z.enum(['parent', 'partner', 'child']), kind: z.enum(parentKinds).nullable() }),
  ),
  /** Absent when the reader keeps the tree: `relationshipToOwner` is then their own word. */
  relationToReader: relationToReaderSchema.optional(),
})
export type MemberFacts = z.infer<typeof memberFactsSchema>

export const familyTreeSchema = z.object({
  tree: z
    .object({
      ownerId: z.string(),
      treeName: z.string(),
      createdAt: timestampSchema,
      lastModified: timestampSchema,
    })
    .nullable(),
  /** Ordered by last name, first name. */
  members: z.array(memberSchema),
  /** Ordered by position, then marriage date. */
  unions: z.array(unionSchema),
})
export type FamilyTree = z.infer<typeof familyTreeSchema>

const name = (code: string) => requiredSingleLineText(limits.memberNameMaxLength, code)
/** Notes and the bio keep their line breaks; every other text of a member is one line. */
const text = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' })
const line = singleLineText
const ids = (max: number) =>
  z.array(z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }), { error: 'validation.invalid' }).max(max, { error: 'validation.too_long' })

const writtenDate = writtenGenealogyDate

/**
 * One of the member's unions as the form edits it; without `unionId` it is a new one. A field not
 * sent keeps what an existing union holds (a client that knows no divorce cannot erase one).
 */
export const memberUnionInputSchema = z.object({
  unionId: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).optional(),
  spouseId: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).nullable(),
  marriageDate: writtenDate,
  marriagePlace: line(limits.memberPlaceMaxLength).optional(),
  /** Married rather than partners; a marriage date or place makes it true whatever is sent. */
  isMarried: z.boolean({ error: 'validation.invalid' }).optional(),
  divorceDate: writtenDate,
  divorcePlace: line(limits.memberPlaceMaxLength).optional(),
  notes: text(limits.memberNotesMaxLength).optional(),
})
export type MemberUnionInput = z.input<typeof memberUnionInputSchema>

/** Every field the member form sends; rules across fields are checked on the merged member. */
const memberFields = {
  firstName: name('member.first_name_required'),
  lastName: name('member.last_name_required'),
  relationshipToOwner: line(limits.memberRelationshipMaxLength),
  isSelf: z.boolean({ error: 'validation.invalid' }),
  isDeceased: z.boolean({ error: 'validation.invalid' }),
  birthDate: writtenDate,
  deathDate: writtenDate,
  birthPlace: line(limits.memberPlaceMaxLength),
  deathPlace: line(limits.memberPlaceMaxLength),
  notes: text(limits.memberNotesMaxLength),
  gender: z.enum(genders, { error: 'validation.invalid' }),
  bioSummary: text(limits.memberBioMaxLength),
  keyLifeEvents: z.array(line(limits.memberLifeEventMaxLength), { error: 'validation.invalid' }).max(100, { error: 'validation.too_long' }),
  // At most 2 of each kind: the rules count them, knowing the kinds of the links kept.
  parentMemberIds: ids(limits.parentsPerMember * parentKinds.length),
  /**
   * The parents with how the member is their child; when sent, they replace the member's parents
   * and `parentMemberIds` is not read. A parent whose kind is unchanged keeps their union.
   */
  parentLinks: z
    .array(
      z.object({
        parentId: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }),
        kind: z.enum(parentKinds, { error: 'validation.invalid' }),
      }),
      { error: 'validation.invalid' },
    )
    .max(limits.parentsPerMember * parentKinds.length, { error: 'validation.too_long' }),
  spouseMemberIds: ids(50),
  childrenMemberIds: ids(200),
  /**
   * The children with how each is the member's (an adoptive mother adding her adopted son); when
   * sent, they replace the member's children and `childrenMemberIds` is not read. A child whose
   * kind is unchanged keeps their link (and so their union).
   */
  childLinks: z
    .array(
      z.object({
        childId: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }),
        kind: z.enum(parentKinds, { error: 'validation.invalid' }),
      }),
      { error: 'validation.invalid' },
    )
    .max(200, { error: 'validation.too_long' }),
  /**
   * The member's unions with a date and place each; when sent, they replace the member's unions
   * and `spouseMemberIds` is not read (spouses are the unions' other partners).
   */
  unions: z.array(memberUnionInputSchema, { error: 'validation.invalid' }).max(50, { error: 'validation.too_long' }),
  /** The language the dates are written in; the account's language when absent. */
  language: z.enum(languages, { error: 'validation.invalid' }),
}

/** `POST /api/family-tree/members`: names required; everything else has a default. */
export const createMemberSchema = z.object({
  ...memberFields,
  relationshipToOwner: memberFields.relationshipToOwner.optional(),
  isSelf: memberFields.isSelf.optional(),
  isDeceased: memberFields.isDeceased.optional(),
  gender: memberFields.gender.optional(),
  bioSummary: memberFields.bioSummary.optional(),
  birthPlace: memberFields.birthPlace.optional(),
  deathPlace: memberFields.deathPlace.optional(),
  notes: memberFields.notes.optional(),
  unions: memberFields.unions.optional(),
  language: memberFields.language.optional(),
  keyLifeEvents: memberFields.keyLifeEvents.optional(),
  parentMemberIds: memberFields.parentMemberIds.optional(),
  parentLinks: memberFields.parentLinks.optional(),
  spouseMemberIds: memberFields.spouseMemberIds.optional(),
  childrenMemberIds: memberFields.childrenMemberIds.optional(),
  childLinks: memberFields.childLinks.optional(),
})
export type CreateMember = z.input<typeof createMemberSchema>

/**
 * `POST /api/family-tree/own-card`: the person's own card, from their full name as they write it
 * (split into given name and surnames by the server) and their birth date as they know it.
 */
export const createOwnCardSchema = z.object({
  fullName: requiredSingleLineText(limits.displayNameMaxLength, 'validation.required'),
  birthDate: writtenDate,
  /** The language the date is written in; the account's language when absent. */
  language: z.enum(languages, { error: 'validation.invalid' }).optional(),
})
export type CreateOwnCard = z.input<typeof createOwnCardSchema>

/**
 * `PATCH /api/family-tree/members/:memberId`: the fields sent replace the member's. With
 * `expectedUpdatedAt` (the `updatedAt` of the member the form was opened with), an edit made after
 * someone else's answers 409 `conflict` with the member as stored now (`error.current`) and saves
 * nothing; without it (an older client, an import) the edit is saved as before.
 */
export const updateMemberSchema = z
  .object(memberFields)
  .partial()
  .extend({ expectedUpdatedAt: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional() })
export type UpdateMember = z.input<typeof updateMemberSchema>

/** The 409 of a stale member edit, as the error model answers it (`error.current` is the member now). */
export const staleMemberEditSchema = z.object({
  error: z.object({
    code: z.literal('conflict'),
    message: z.string(),
    /** Absent when the 409 is a write that lost a race inside the database, with nothing to show. */
    current: memberSchema.optional(),
  }),
})

/**
 * What a batch write (an import) could not take as it came, one entry per item and rule: the
 * item was `skipped`, its date `kept_as_phrase` (word for word, so nothing is lost), it was `kept`
 * although it breaks a rule the form enforces (a death surely before the birth), or `partly_kept`
 * without the reference that did not resolve.
 */
export const batchProblemSchema = z.object({
  item: z.enum(['member', 'union', 'link']),
  /** Position of the item in its list of the batch. */
  index: z.number(),
  /** The item's source id (an import's xref), when it has one. */
  ref: z.string().optional(),
  path: z.string().optional(),
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
  outcome: z.enum(['skipped', 'kept_as_phrase', 'kept', 'partly_kept']),
})
export type BatchProblem = z.infer<typeof batchProblemSchema>
