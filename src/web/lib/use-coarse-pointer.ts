import { useSyncExternalStore } from 'react'

const coarsePointerQuery = '(pointer: coarse)'

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(coarsePointerQuery)
  query?.addEventListener?.('change', onChange)
  return () => query?.removeEventListener?.('change', onChange)
}

const isCoarseNow = () => window.matchMedia?.(coarsePointerQuery).matches ?? false

/**
 * Whether the main pointer is a finger (a phone or a tablet), where there is no Shift to hold and
 * no mouse to hover. False while hydrating a pre-rendered page, which was made without a device.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, isCoarseNow, () => false)
}
