import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent, type RefObject } from 'react'
import type { Box } from './chart-model.ts'

/**
 * Pan and zoom of the chart. The layer's origin sits at the middle of the viewport (CSS), so
 * `dx`/`dy` is where the centre person (layout point 0, 0) is, seen from the middle.
 */
export interface ChartView {
  dx: number
  dy: number
  k: number
}

export const zoomLimits = { min: 0.3, max: 2.5, step: 1.25 } as const
const dragThreshold = 4
const revealMargin = 16
const homeMargin = 24

const clampZoom = (k: number) => Math.min(zoomLimits.max, Math.max(zoomLimits.min, k))
const clamp = (value: number, low: number, high: number) => (low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value)))

/** Zooms by `factor` keeping the point `p` (relative to the viewport's middle) where it is. */
function zoomAt(view: ChartView, factor: number, px: number, py: number): ChartView {
  const k = clampZoom(view.k * factor)
  const ratio = k / view.k
  return { k, dx: px - (px - view.dx) * ratio, dy: py - (py - view.dy) * ratio }
}

/**
 * Where the view starts, and returns to on reset: the whole chart when it fits at a legible
 * zoom (never below 0.8, and 1 on a phone), otherwise the centre person in the middle without
 * showing empty paper past the chart's edges. Before the viewport is measured: zoom 1, centred.
 */
export function homeView(bounds: Box, size: { width: number; height: number }): ChartView {
  if (!size.width || !size.height) return { dx: 0, dy: 0, k: 1 }
  const roomX = size.width / 2 - homeMargin
  const roomY = size.height / 2 - homeMargin
  const fit = Math.min(roomX / ((bounds.maxX - bounds.minX) / 2), roomY / ((bounds.maxY - bounds.minY) / 2))
  const k = Math.min(1, Math.max(size.width < 600 ? 1 : 0.8, fit))
  const middleX = clamp(0, bounds.minX + roomX / k, bounds.maxX - roomX / k)
  const middleY = clamp(0, bounds.minY + roomY / k, bounds.maxY - roomY / k)
  return { dx: -middleX * k, dy: -middleY * k, k }
}

interface Gesture {
  startX: number
  startY: number
  view: ChartView
  moved: boolean
  pinch?: { distance: number; midX: number; midY: number; view: ChartView }
}

/** A box in layout coordinates (its middle and size), as `reveal` takes it. */
export interface LayoutBox {
  x: number
  y: number
  width: number
  height: number
}

/**
 * Drag (mouse, pen or one finger) pans, the wheel and two fingers zoom around the pointer; the
 * returned functions serve the zoom buttons and keyboard focus. `resetKey` changing (a new centre
 * person) and the reset button return the view to `home`.
 */
export function useChartView(viewportRef: RefObject<HTMLElement | null>, resetKey: string, home: ChartView) {
  // `view` stays null until the user moves the chart: until then it follows `home` (a resize, more
  // generations). `animated`: a button moved it, so ease into place (unless motion is reduced).
  const [state, setState] = useState<{ resetKey: string; view: ChartView | null; animated: boolean }>({ resetKey, view: null, animated: false })
  let moved = state.view
  if (state.resetKey !== resetKey) {
    moved = null
    setState({ resetKey, view: null, animated: false })
  }
  const view = moved ?? home
  const homeRef = useRef(home)
  useLayoutEffect(() => {
    homeRef.current = home
  })
  /** Moves the view; an update that returns the view it was given changes nothing. */
  const setView = useCallback(
    (update: (view: ChartView) => ChartView, animated = false) =>
      setState((current) => {
        const base = current.view ?? homeRef.current
        const next = update(base)
        return next === base ? current : { ...current, view: next, animated }
      }),
    [],
  )

  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const gesture = useRef<Gesture>(undefined)
  const suppressClick = useRef(false)

  /** Pointer position relative to the viewport's middle (the middle itself if the event has none). */
  const fromMiddle = useCallback(
    (clientX: number, clientY: number) => {
      const rect = viewportRef.current!.getBoundingClientRect()
      if (!Number.isFinite(clientX) || !Number.isFinite(clientY)) return { x: 0, y: 0 }
      return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 }
    },
    [viewportRef],
  )

  useEffect(() => {
    const viewport = viewportRef.current
    if (!viewport) return
    function handleWheel(event: WheelEvent) {
      event.preventDefault()
      const { x: px, y: py } = fromMiddle(event.clientX, event.clientY)
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY
      const factor = Math.exp(-pixels * 0.002)
      setView((current) => zoomAt(current, factor, px, py))
    }
    // React's wheel listener is passive; zooming must stop the page from scrolling.
    viewport.addEventListener('wheel', handleWheel, { passive: false })
    return () => viewport.removeEventListener('wheel', handleWheel)
  }, [viewportRef, setView, fromMiddle])

  function handlePointerDown(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    suppressClick.current = false
    const point = fromMiddle(event.clientX, event.clientY)
    pointers.current.set(event.pointerId, point)
    if (pointers.current.size === 1) {
      gesture.current = { startX: point.x, startY: point.y, view, moved: false }
    } else if (pointers.current.size === 2 && gesture.current) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
      gesture.current.moved = true
      gesture.current.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2, view }
    }
  }

  function handlePointerMove(event: PointerEvent<HTMLElement>) {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return
    const point = fromMiddle(event.clientX, event.clientY)
    pointers.current.set(event.pointerId, point)
    const current = gesture.current
    if (current.pinch && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }]
      const { pinch } = current
      const k = clampZoom(pinch.view.k * (Math.hypot(a.x - b.x, a.y - b.y) / pinch.distance))
      // The layout point under the fingers' first midpoint follows their midpoint.
      const layoutX = (pinch.midX - pinch.view.dx) / pinch.view.k
      const layoutY = (pinch.midY - pinch.view.dy) / pinch.view.k
      const midX = (a.x + b.x) / 2
      const midY = (a.y + b.y) / 2
      setView(() => ({ k, dx: midX - layoutX * k, dy: midY - layoutY * k }))
      return
    }
    const moveX = point.x - current.startX
    const moveY = point.y - current.startY
    if (!current.moved && Math.hypot(moveX, moveY) < dragThreshold) return
    if (!current.moved) {
      current.moved = true
      event.currentTarget.setPointerCapture?.(event.pointerId)
    }
    setView(() => ({ ...current.view, dx: current.view.dx + moveX, dy: current.view.dy + moveY }))
  }

  function handlePointerEnd(event: PointerEvent<HTMLElement>) {
    if (!pointers.current.delete(event.pointerId)) return
    if (pointers.current.size > 0) return
    // A drag that ended on a person is not a click on them. The click, if any, follows at once.
    if (gesture.current?.moved) {
      suppressClick.current = true
      setTimeout(() => (suppressClick.current = false), 0)
    }
    gesture.current = undefined
  }

  function handleClickCapture(event: { preventDefault(): void; stopPropagation(): void }) {
    if (!suppressClick.current) return
    suppressClick.current = false
    event.preventDefault()
    event.stopPropagation()
  }

  const zoomIn = useCallback(() => setView((current) => zoomAt(current, zoomLimits.step, 0, 0), true), [setView])
  const zoomOut = useCallback(() => setView((current) => zoomAt(current, 1 / zoomLimits.step, 0, 0), true), [setView])
  const reset = useCallback(() => setState((current) => ({ ...current, view: null, animated: true })), [])

  /** Pans just enough for `box` to be fully in sight (for keyboard focus). */
  const reveal = useCallback(
    (box: LayoutBox) => {
      const viewport = viewportRef.current
      if (!viewport || viewport.clientWidth === 0) return
      const halfWidth = viewport.clientWidth / 2 - revealMargin
      const halfHeight = viewport.clientHeight / 2 - revealMargin
      setView((current) => {
        const shift = (centre: number, half: number, offset: number, limit: number) => {
          const low = centre * current.k + offset - half * current.k
          const high = centre * current.k + offset + half * current.k
          if (low < -limit) return -limit - low
          if (high > limit) return limit - high
          return 0
        }
        const moveX = shift(box.x, box.width / 2, current.dx, halfWidth)
        const moveY = shift(box.y, box.height / 2, current.dy, halfHeight)
        return moveX === 0 && moveY === 0 ? current : { ...current, dx: current.dx + moveX, dy: current.dy + moveY }
      }, true)
    },
    [setView, viewportRef],
  )

  return {
    view,
    animated: state.animated,
    zoomIn,
    zoomOut,
    reset,
    reveal,
    viewportHandlers: {
      onPointerDown: handlePointerDown,
      onPointerMove: handlePointerMove,
      onPointerUp: handlePointerEnd,
      onPointerCancel: handlePointerEnd,
      onClickCapture: handleClickCapture,
    },
  }
}
