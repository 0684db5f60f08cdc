import type { ContactMessageReceipt } from '../../../shared/contracts/contact.ts'
import { nowIso } from '../../db/timestamps.ts'
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts'
import { newId } from '../../lib/ids.ts'
import type { ContactRepository } from './contact.repository.ts'
import { addressKey } from '../../lib/client-address.ts'

export interface NewContactMessage {
  name: string
  email: string
  message: string
  language?: string
}

interface Deps {
  repo: ContactRepository
  /** Messages per sender address: the form is public, so it must not become a way to fill the disk. */
  limiter: AttemptLimiter
}

/** Contact messages are stored, not e-mailed (yet): nothing a visitor writes is lost. */
export function createContactService({ repo, limiter }: Deps) {
  return {
    async receive(input: NewContactMessage, userId: string | null, address: string): Promise<ContactMessageReceipt> {
      await limiter.take([addressKey(address)])
      const id = newId()
      const receivedAt = nowIso()
      await repo.insert({ id, ...input, language: input.language ?? null, userId, createdAt: receivedAt })
      return { id, receivedAt }
    },

    /** A deleted account's messages go with it: they hold its name, e-mail and words. */
    async forgetSender(userId: string): Promise<void> {
      await repo.deleteBySender(userId)
    },
  }
}
export type ContactService = ReturnType<typeof createContactService>
