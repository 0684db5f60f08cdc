import { useSyncExternalStore } from 'react'
import { todayCalendarDate } from '../../shared/calendar-date.ts'

const subscribeToNothing = () => () => {}

/**
 * Today's calendar date, or undefined while hydrating a page pre-rendered on another day: the
 * HTML was made without it, and the date arrives with the render right after.
 */
export function useTodayCalendarDate(): string | undefined {
  return useSyncExternalStore(subscribeToNothing, todayCalendarDate, () => undefined)
}
