// Long CPU work on the request thread (planning a batch of 100,000 people) is cut into slices: at
// the end of each slice the work waits for the event loop to run what is pending (other people's
// requests, database answers) and then goes on. The work takes the same steps in the same order.

/** How long one slice may run: well under the 100 ms a reader waits at worst, long enough that pauses cost little. */
export const sliceMs = 10

/** Items between two looks at the clock: reading the time per item would cost more than the item. */
const itemsPerLook = 64

export interface Pacer {
  /** Call after each item; waits for the event loop once the current slice has run its time. */
  step(): Promise<void> | undefined
  /** Lets the event loop run now, and starts a new slice. */
  pause(): Promise<void>
}

export function createPacer(budgetMs = sliceMs): Pacer {
  let sliceStart = performance.now()
  let sinceLook = 0
  const pause = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve))
    sliceStart = performance.now()
    sinceLook = 0
  }
  return {
    step() {
      if ((sinceLook += 1) < itemsPerLook) return undefined
      sinceLook = 0
      return performance.now() - sliceStart >= budgetMs ? pause() : undefined
    },
    pause,
  }
}
