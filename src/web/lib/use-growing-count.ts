import { startTransition, useEffect, useState } from 'react'

/** Items in the first render, and added by each later one. */
const defaultSteps = { first: 6, step: 6 }

/**
 * How many of `target` items to render now: a first handful at once, then the rest a step at a
 * time, each step in a task of its own after the previous one has been committed. A long list of
 * rich items (the family tree's member cards) then paints its first screen quickly and never holds
 * the main thread for the whole list in one task, on a slow phone as much as on a desktop. A
 * smaller target (a deleted item) applies at once.
 */
export function useGrowingCount(target: number, steps: { first: number; step: number } = defaultSteps): number {
  // The first handful is always there, even when the items arrive after the first render.
  const [grown, setGrown] = useState(steps.first)
  const shown = Math.min(target, Math.max(grown, steps.first))
  useEffect(() => {
    if (shown >= target) return
    // A macrotask, not a microtask or an effect chain: the browser may paint and handle input
    // between two steps. A transition, so React renders the step in slices it can interrupt, not
    // in one task with whatever else re-renders with it.
    const timer = setTimeout(() => startTransition(() => setGrown(shown + steps.step)), 0)
    return () => clearTimeout(timer)
  }, [shown, target, steps.step])
  return shown
}
