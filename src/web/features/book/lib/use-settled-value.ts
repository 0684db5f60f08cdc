import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same (by its JSON) for `delayMs`: the preview is asked for when
 * the author pauses, not at every tick of a checkbox run.
 */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  const text = JSON.stringify(value)
  useEffect(() => {
    if (text === JSON.stringify(settled)) return
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), delayMs)
    return () => clearTimeout(timer)
  }, [text, settled, delayMs])
  return settled
}
