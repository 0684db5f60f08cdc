import { z } from 'zod'
import { requiredSingleLineText, singleLineText, writtenGenealogyDateIn } from '../../../../shared/contracts/common.ts'
import { genders, parentKinds } from '../../../../shared/contracts/family-tree.ts'
import { parseGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import { limits, type Language } from '../../../../shared/limits.ts'
import { endsBeforeItStarts } from './genealogy-date-text.ts'
import { parentsPerKind } from './parent-kinds.ts'

const text = (max: number) => z.string().trim().max(max, { error: 'validation.too_long' })
/** The names, the relationship and the places are one line each, as the server holds them. */
const line = singleLineText

const writtenDate = writtenGenealogyDateIn

/**
 * The member form as the user fills it in, with the rules checked before anything is sent, dates
 * read in the page's language. The server checks them again, with those only it can see (a
 * second self, cycles). A person brought in by an import may keep an empty relationship to the
 * owner, as the server allows.
 */
export function memberFormSchema(language: Language, { isImported = false }: { isImported?: boolean } = {}) {
  return z
    .object({
      firstName: requiredSingleLineText(limits.memberNameMaxLength, 'member.first_name_required'),
      lastName: requiredSingleLineText(limits.memberNameMaxLength, 'member.last_name_required'),
      isSelf: z.boolean(),
      relationshipToOwner: line(limits.memberRelationshipMaxLength),
      isDeceased: z.boolean(),
      birthDate: writtenDate(language),
      birthPlace: line(limits.memberPlaceMaxLength),
      deathDate: writtenDate(language),
      deathPlace: line(limits.memberPlaceMaxLength),
      gender: z.enum(genders),
      bioSummary: text(limits.memberBioMaxLength),
      /** One event a line. */
      keyLifeEvents: z.string(),
      notes: text(limits.memberNotesMaxLength),
      parentMemberIds: z.array(z.string()),
      /** How the member is each parent's child, by parent id (birth when absent). */
      parentKinds: z.record(z.string(), z.enum(parentKinds)),
      spouseMemberIds: z.array(z.string()),
      /** One a union of the member: with each spouse chosen, and any family of one parent kept as it is. */
      unions: z.array(
        z.object({
          unionId: z.string().optional(),
          spouseId: z.string().nullable(),
          marriageDate: writtenDate(language),
          marriagePlace: line(limits.memberPlaceMaxLength),
          isMarried: z.boolean(),
          divorceDate: writtenDate(language),
          divorcePlace: line(limits.memberPlaceMaxLength),
          notes: text(limits.memberNotesMaxLength),
        }),
      ),
      childrenMemberIds: z.array(z.string()),
      /** How each child is the member's, by child id (birth when absent). */
      childKinds: z.record(z.string(), z.enum(parentKinds)),
    })
    .superRefine((values, ctx) => {
      if (!values.isSelf && !isImported && values.relationshipToOwner === '') {
        ctx.addIssue({ code: 'custom', path: ['relationshipToOwner'], message: 'member.relationship_required' })
      }
      if (values.isDeceased && endsBeforeItStarts(parseGenealogyDate(values.birthDate, language), parseGenealogyDate(values.deathDate, language))) {
        ctx.addIssue({ code: 'custom', path: ['deathDate'], message: 'member.death_before_birth' })
      }
      values.unions.forEach((union, index) => {
        if (endsBeforeItStarts(parseGenealogyDate(union.marriageDate, language), parseGenealogyDate(union.divorceDate, language))) {
          ctx.addIssue({ code: 'custom', path: ['unions', index, 'divorceDate'], message: 'member.divorce_before_marriage' })
        }
      })
      if ([...parentsPerKind(values.parentMemberIds, values.parentKinds).values()].some((count) => count > limits.parentsPerMember)) {
        ctx.addIssue({ code: 'custom', path: ['parentKinds'], message: 'member.too_many_parents' })
      }
    })
}

type Schema = ReturnType<typeof memberFormSchema>
export type MemberFormValues = z.input<Schema>
export type MemberFormOutput = z.output<Schema>
export type MemberFieldName = keyof MemberFormValues

export const memberFieldNames = Object.keys(memberFormSchema('es').shape) as MemberFieldName[]
