import type { UseFormReturn } from 'react-hook-form'
import type { MemberFormOutput, MemberFormValues } from '../lib/member-form-schema.ts'

/** The member form's react-hook-form handle, shared by its groups of fields. */
export type MemberFormHandle = UseFormReturn<MemberFormValues, unknown, MemberFormOutput>
