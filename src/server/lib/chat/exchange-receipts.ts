import { createHmac, timingSafeEqual } from 'node:crypto'
import type { CarriedExchange } from '../../../shared/contracts/chat.ts'

/**
 * Signatures of the exchanges the server answered but did not save. The browser carries them to
 * the next message so the conversation goes on; a receipt binds the exchange to its user and its
 * conversation, so a carried turn is always one the persona really said, to this person, here.
 */
export function createExchangeReceipts(secret: string) {
  const digest = (userId: string, conversation: string, user: string, model: string) =>
    createHmac('sha256', secret)
      .update(JSON.stringify(['legado-chat-exchange/1', userId, conversation, user, model]))
      .digest()

  return {
    sign(userId: string, conversation: string, user: string, model: string): string {
      return digest(userId, conversation, user, model).toString('base64url')
    },
    isValid(userId: string, conversation: string, exchange: CarriedExchange): boolean {
      const expected = digest(userId, conversation, exchange.user, exchange.model)
      const given = Buffer.from(exchange.receipt, 'base64url')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
export type ExchangeReceipts = ReturnType<typeof createExchangeReceipts>
