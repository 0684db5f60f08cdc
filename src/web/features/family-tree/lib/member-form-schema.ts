import { z } from 'zod'
import { requiredText, pastCalendarDateSchema } from '../../../../shared/contracts/common.ts'
import { genders } from '../../../../shared/contracts/family-tree.ts'
import { limits } from '../../../../shared/limits.ts'

const text = (max: number) => z.string().trim().max(max, { error: 'validation.too_long' })

/** A date input's value: '' for none, else a real day that has already happened. */
const dateField = z.string().superRefine((value, ctx) => {
  if (value.trim() === '') return
  const checked = pastCalendarDateSchema.safeParse(value)
  if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'validation.invalid_date' })
})

/**
 * The member form as the user fills it in, with the rules of spec §5 checked before anything is
 * sent. The server checks them again, with those only it can see (a second self, cycles).
 */
export const memberFormSchema = z
  .object({
    firstName: requiredText(limits.memberNameMaxLength, 'member.first_name_required'),
    lastName: requiredText(limits.memberNameMaxLength, 'member.last_name_required'),
    isSelf: z.boolean(),
    relationshipToOwner: text(limits.memberRelationshipMaxLength),
    isDeceased: z.boolean(),
    birthDate: dateField,
    deathDate: dateField,
    gender: z.enum(genders),
    bioSummary: text(limits.memberBioMaxLength),
    /** One event a line. */
    keyLifeEvents: z.string(),
    parentMemberIds: z.array(z.string()).max(limits.parentsPerMember, { error: 'member.too_many_parents' }),
    spouseMemberIds: z.array(z.string()),
    childrenMemberIds: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    if (!values.isSelf && values.relationshipToOwner === '') {
      ctx.addIssue({ code: 'custom', path: ['relationshipToOwner'], message: 'member.relationship_required' })
    }
    if (values.isDeceased && values.birthDate && values.deathDate && values.deathDate < values.birthDate) {
      ctx.addIssue({ code: 'custom', path: ['deathDate'], message: 'member.death_before_birth' })
    }
  })

export type MemberFormValues = z.input<typeof memberFormSchema>
export type MemberFormOutput = z.output<typeof memberFormSchema>
export type MemberFieldName = keyof MemberFormValues

export const memberFieldNames = Object.keys(memberFormSchema.shape) as MemberFieldName[]
