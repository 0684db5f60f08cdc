import type { ReactNode } from 'react'
import type { MarkedText as Marked } from '../../../../shared/contracts/search.ts'

/** Text with the words the search found in `<mark>`, from the ranges the server sent (no HTML travels). */
export function MarkedText({ value }: { value: Marked }) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of value.matches) {
    if (start < at || end > value.text.length) continue
    if (start > at) parts.push(value.text.slice(at, start))
    parts.push(<mark key={start}>{value.text.slice(start, end)}</mark>)
    at = end
  }
  parts.push(value.text.slice(at))
  return <>{parts}</>
}
