import type { Me } from '../../../shared/contracts/account.ts'

/**
 * The name the dashboard greets (docs/product.md#dashboard): the display name, else the part of the e-mail before
 * the @, else `fallback` ('Usuario').
 */
export function greetingName(me: Pick<Me, 'displayName' | 'email'> | null | undefined, fallback: string): string {
  const displayName = me?.displayName.trim()
  if (displayName) return displayName
  const localPart = me?.email.split('@')[0]?.trim()
  return localPart || fallback
}
