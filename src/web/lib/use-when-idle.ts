import { useEffect, useState } from 'react'

/** Longest wait for an idle moment; a busy page still gets there. */
const idleTimeout = 1500

/**
 * False until the page has painted what it rendered first and the browser has had an idle
 * moment, then true. For a part of the page that can wait (the family tree's chart while its
 * member list paints): its work then starts in tasks of its own, after the first screen.
 */
export function useWhenIdle(): boolean {
  const [isIdle, setIsIdle] = useState(false)
  useEffect(() => {
    if (isIdle) return
    let idle: number | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    // After the next frame, so that what was rendered first is painted before the wait starts.
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setIsIdle(true), { timeout: idleTimeout })
      else timer = setTimeout(() => setIsIdle(true), 50)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (idle !== undefined) cancelIdleCallback(idle)
      clearTimeout(timer)
    }
  }, [isIdle])
  return isIdle
}
