import { useQuery } from '@tanstack/react-query'
import type { OnThisDay } from '../../../../shared/contracts/timeline.ts'
import { apiFetch } from '../../../lib/api-client.ts'

/** The reader's own calendar date: their evening is already tomorrow in UTC for some, still today for others. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** This day's memories of earlier years and the coming birthdays, for the reader's own today. */
export function useOnThisDay(today: string = localToday()) {
  return useQuery({
    queryKey: ['dashboard', 'on-this-day', today] as const,
    queryFn: ({ signal }) => apiFetch<OnThisDay>(`/api/dashboard/on-this-day?today=${today}`, { signal }),
  })
}
