import { useMutation } from '@tanstack/react-query'
import type { ContactMessageReceipt, CreateContactMessage } from '../../../../shared/contracts/contact.ts'
import { apiFetch } from '../../../lib/api-client.ts'

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: CreateContactMessage) => apiFetch<ContactMessageReceipt>('/api/contact', { method: 'POST', body }),
  })
}
