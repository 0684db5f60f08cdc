import { z } from 'zod'
import { limits } from '../limits.ts'
import { optionalDate, pastCalendarDateSchema, requiredText, timestampSchema } from './common.ts'

/** Stored as the spec names them; each screen shows its own translation. */
export const genders = ['Masculino', 'Femenino', 'Otro', ''] as const
export type Gender = (typeof genders)[number]

export const memberSchema = z.object({
  memberId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relationshipToOwner: z.string(),
  birthDate: z.string().nullable(),
  /** Null unless `isDeceased`. */
  deathDate: z.string().nullable(),
  isDeceased: z.boolean(),
  gender: z.enum(genders),
  bioSummary: z.string(),
  isSelf: z.boolean(),
  /** At most 2. */
  parentMemberIds: z.array(z.string()),
  /** Symmetric: if A lists B, B lists A. */
  spouseMemberIds: z.array(z.string()),
  /** Derived from the other members' parent links. */
  childrenMemberIds: z.array(z.string()),
  /** Ids of the interview sessions about this member (the interviews feature fills it). */
  interviewSegments: z.array(z.string()),
  keyLifeEvents: z.array(z.string()),
  /** Ids of the media linked to this member (the media feature fills it). */
  mediaAssetIds: z.array(z.string()),
  /** Invitations and account linking are not built yet: always null (spec §3). */
  linkedUserAccountId: z.null(),
  connectionRequestSentBy: z.null(),
  connectionStatus: z.null(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
})
export type Member = z.infer<typeof memberSchema>

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
})
export type FamilyTree = z.infer<typeof familyTreeSchema>

const name = (code: string) => requiredText(limits.memberNameMaxLength, code)
const text = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' })
const ids = (max: number) =>
  z
    .array(z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }), { error: 'validation.invalid' })
    .max(max, { error: 'validation.too_long' })

/** Every field the member form sends; rules across fields are checked on the merged member. */
const memberFields = {
  firstName: name('member.first_name_required'),
  lastName: name('member.last_name_required'),
  relationshipToOwner: text(limits.memberRelationshipMaxLength),
  isSelf: z.boolean({ error: 'validation.invalid' }),
  isDeceased: z.boolean({ error: 'validation.invalid' }),
  birthDate: optionalDate(pastCalendarDateSchema),
  deathDate: optionalDate(pastCalendarDateSchema),
  gender: z.enum(genders, { error: 'validation.invalid' }),
  bioSummary: text(limits.memberBioMaxLength),
  keyLifeEvents: z.array(text(limits.memberLifeEventMaxLength), { error: 'validation.invalid' }).max(100, { error: 'validation.too_long' }),
  parentMemberIds: ids(10).refine((list) => list.length <= limits.parentsPerMember, {
    error: 'member.too_many_parents',
  }),
  spouseMemberIds: ids(50),
  childrenMemberIds: ids(200),
}

/** `POST /api/family-tree/members`: names required; everything else has a default. */
export const createMemberSchema = z.object({
  ...memberFields,
  relationshipToOwner: memberFields.relationshipToOwner.optional(),
  isSelf: memberFields.isSelf.optional(),
  isDeceased: memberFields.isDeceased.optional(),
  gender: memberFields.gender.optional(),
  bioSummary: memberFields.bioSummary.optional(),
  keyLifeEvents: memberFields.keyLifeEvents.optional(),
  parentMemberIds: memberFields.parentMemberIds.optional(),
  spouseMemberIds: memberFields.spouseMemberIds.optional(),
  childrenMemberIds: memberFields.childrenMemberIds.optional(),
})
export type CreateMember = z.input<typeof createMemberSchema>

/** `PATCH /api/family-tree/members/:memberId`: the fields sent replace the member's. */
export const updateMemberSchema = z.object(memberFields).partial()
export type UpdateMember = z.input<typeof updateMemberSchema>
