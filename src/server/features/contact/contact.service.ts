import type { ContactMessageReceipt } from '../../../shared/contracts/contact.ts'
import { nowIso } from '../../db/timestamps.ts'
import { newId } from '../../lib/ids.ts'
import type { ContactRepository } from './contact.repository.ts'

export interface NewContactMessage {
  name: string
  email: string
  message: string
  language?: string
}

/** Contact messages are stored, not e-mailed (yet): nothing a visitor writes is lost. */
export function createContactService({ repo }: { repo: ContactRepository }) {
  return {
    async receive(input: NewContactMessage, userId: string | null): Promise<ContactMessageReceipt> {
      const id = newId()
      const receivedAt = nowIso()
      await repo.insert({ id, ...input, language: input.language ?? null, userId, createdAt: receivedAt })
      return { id, receivedAt }
    },
  }
}
export type ContactService = ReturnType<typeof createContactService>
