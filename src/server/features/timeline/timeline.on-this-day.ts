import { comingDaysCount, type OnThisDay, type TimelinePerson } from '../../../shared/contracts/timeline.ts'
import { isLiving } from '../../../shared/family-tree/living.ts'
import { roleMay } from '../../../shared/family-tree/roles.ts'
import { excerptOf } from '../../../shared/text/excerpt.ts'
import { comingDays, dayOf } from '../../../shared/timeline/coming-days.ts'
import { exactMonthDay } from '../../../shared/timeline/life-dates.ts'
import type { CalendarPerson } from '../family-tree/family-tree.calendar.ts'
import type { TimelineSources } from './timeline.sources.ts'

/** Enough for a card: a giant tree has a hundred birthdays a fortnight, most of them long ago. */
const comingMax = 12

const personOf = (p: CalendarPerson): TimelinePerson => ({ memberId: p.memberId, firstName: p.firstName, lastName: p.lastName })

/**
 * What the dashboard remembers on the reader's `today` (their own calendar date): their memories
 * and dreams of this day in earlier years, and the birthdays and wedding anniversaries of the
 * coming fortnight in the tree they read, the living and the remembered. Only an exact day makes
 * a birthday; a viewer hears nothing of a living person not opened up; a divorce ends anniversaries.
 */
export async function onThisDay(sources: TimelineSources, userId: string, today: string): Promise<OnThisDay> {
  const days = comingDays(today, comingDaysCount)
  const thisYear = Number(today.slice(0, 4))
  const todays = days[0]!.monthDays

  const memories: OnThisDay['memories'] = []
  for (const entry of await sources.ownMemories(userId)) {
    const day = exactMonthDay(entry.eventDate)
    if (day && day.year < thisYear && todays.includes(day.monthDay))
      memories.push({ kind: 'memory', id: entry.id, title: excerptOf(entry.title || entry.answer), date: String(entry.eventDate), yearsAgo: thisYear - day.year })
  }
  for (const dream of await sources.dreams(userId)) {
    const day = exactMonthDay(dream.dreamDate)
    if (day && day.year < thisYear && todays.includes(day.monthDay))
      memories.push({ kind: 'dream', id: dream.id, title: excerptOf(dream.title || dream.content), date: dream.dreamDate!, yearsAgo: thisYear - day.year })
  }
  memories.sort((a, b) => a.yearsAgo - b.yearsAgo || a.kind.localeCompare(b.kind))

  const reader = await sources.reader(userId)
  if (!reader.treeId) return { today, memories, coming: [] }
  const monthDays = days.flatMap((day) => day.monthDays)
  const seesLiving = roleMay(reader.role, 'tree.see-living')
  const living = (p: CalendarPerson) => isLiving(p, today)
  const isClosed = (p: CalendarPerson) => !seesLiving && !p.openToViewers && living(p)
  const coming: OnThisDay['coming'] = []

  const born = await sources.calendar.bornOn(reader.holderId, monthDays)
  for (const person of born) {
    const birth = exactMonthDay(person.birthDate)!
    const day = dayOf(days, birth.monthDay)!
    const years = Number(day.date.slice(0, 4)) - birth.year
    if (years <= 0 || isClosed(person)) continue
    coming.push({ kind: 'birthday', person: personOf(person), partner: null, date: day.date, inDays: day.inDays, years, isLiving: living(person) })
  }

  const unions = await sources.calendar.marriedOn(reader.holderId, monthDays)
  const partnerIds = unions.flatMap((union) => [union.firstPartnerId, union.secondPartnerId]).filter((id): id is string => id !== null)
  const partners = new Map((await sources.calendar.people(reader.holderId, [...new Set(partnerIds)])).map((p) => [p.memberId, p]))
  for (const union of unions) {
    const pair = [union.firstPartnerId, union.secondPartnerId].map((id) => (id ? partners.get(id) : undefined))
    const [first, second] = pair
    if (union.isDivorced || !first || pair.some((p) => p && isClosed(p))) continue
    const married = exactMonthDay(union.marriageDate)!
    const day = dayOf(days, married.monthDay)!
    const years = Number(day.date.slice(0, 4)) - married.year
    if (years <= 0) continue
    coming.push({
      kind: 'anniversary',
      person: personOf(first),
      partner: second ? personOf(second) : null,
      date: day.date,
      inDays: day.inDays,
      years,
      isLiving: pair.every((p) => !p || living(p)),
    })
  }
  // The nearest first; on one day the living before the remembered, the closest in years first.
  coming.sort((a, b) => a.inDays - b.inDays || Number(b.isLiving) - Number(a.isLiving) || a.years - b.years)
  return { today, memories, coming: coming.slice(0, comingMax) }
}
