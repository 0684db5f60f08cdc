import { createContactMessageSchema } from '../../../../shared/contracts/contact.ts'
import { schemaCheck } from '../../../components/ui/use-lazy-form-check.ts'

/** The contact form's check, with the schema the server applies: loaded when the form is first touched. */
export const checkContactMessage = schemaCheck(createContactMessageSchema)
