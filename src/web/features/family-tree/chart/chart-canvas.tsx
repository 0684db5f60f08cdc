import { Fragment, memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../shared/contracts/family-tree.ts'
import { divorceMark } from './chart-links.ts'
import { ChartPerson } from './chart-person.tsx'
import { arrowDirections, chartRows, neighbourOf } from './keyboard-navigation.ts'
import { chartMetrics, type Box, type ChartLayout, type ChartLink, type ChartNode } from './chart-model.ts'
import { createPersonLabeller } from './person-label.ts'
import { useIsReaderCard } from '../lib/tree-access.ts'
import { homeView, useChartView } from './use-chart-view.ts'
import { drawEverythingUpTo, linksInWindow, nodesInWindow, visibleWindow } from './visible-window.ts'
import { uiLanguageOf } from '../../../lib/ui-language.ts'
import { useCoarsePointer } from '../../../lib/use-coarse-pointer.ts'

interface ChartCanvasProps {
  layout: ChartLayout
  members: ReadonlyMap<string, Member>
  /** Names the chart for assistive technology: "Family chart of María Pérez". */
  label: string
  onRecentre: (memberId: string) => void
  /** A person chosen (a click, a tap, Enter) opens their card; without it, they are put in the centre. */
  onOpen?: (memberId: string) => void
  /** Changes when someone was put in the centre from outside the chart (their card): the keyboard goes to them. */
  focusCentreKey?: number
}

/**
 * The drawing: a bounded box that pans and zooms, person boxes as real buttons (one tab stop,
 * arrow keys between them), and the lines behind them in SVG.
 */
export function ChartCanvas({ layout, members, label, onRecentre, onOpen, focusCentreKey }: ChartCanvasProps) {
  const { t, i18n } = useTranslation('family-chart')
  const isTouch = useCoarsePointer()
  const language = uiLanguageOf(i18n)
  const isYou = useIsReaderCard()
  const labelOf = useMemo(() => createPersonLabeller<Member>(t, language, isYou), [t, language, isYou])
  const viewportRef = useRef<HTMLDivElement>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  /** Set when the tab stop moves to a box that must be drawn before it can take focus. */
  const focusTabStop = useRef(false)
  const helpId = useId()
  const [size, setSize] = useState({ width: 0, height: 0 })
  const home = useMemo(() => homeView(layout.bounds, size), [layout.bounds, size])
  const { view, animated, zoomIn, zoomOut, reset, reveal, viewportHandlers } = useChartView(viewportRef, layout.centreId, home)
  const rows = useMemo(() => chartRows(layout), [layout])
  const ordered = useMemo(() => rows.flat(), [rows])

  // The roving tab stop follows focus, and goes back to the centre person when the centre changes.
  const [tabStop, setTabStop] = useState({ centreId: layout.centreId, memberId: layout.centreId })
  let tabStopId = tabStop.memberId
  if (tabStop.centreId !== layout.centreId) {
    tabStopId = layout.centreId
    setTabStop({ centreId: layout.centreId, memberId: layout.centreId })
  }
  if (!layout.nodes.some((node) => node.memberId === tabStopId)) tabStopId = layout.centreId

  // Measured before the first paint, so the chart never shows at an unfitted zoom first.
  useLayoutEffect(() => {
    const viewport = viewportRef.current
    if (!viewport) return
    const measure = () =>
      setSize((current) =>
        current.width === viewport.clientWidth && current.height === viewport.clientHeight ? current : { width: viewport.clientWidth, height: viewport.clientHeight },
      )
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(viewport)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (!focusTabStop.current) return
    focusTabStop.current = false
    buttons.current.get(tabStopId)?.focus({ preventScroll: true })
  }, [tabStopId, layout])

  const isWindowed = layout.nodes.length > drawEverythingUpTo
  const windowKey = isWindowed ? visibleWindow(view, size).key : 'all'
  const drawn = useMemo(() => {
    if (!isWindowed) return { nodes: ordered, links: layout.links, box: layout.bounds }
    const box = parseWindow(windowKey)
    return { nodes: nodesInWindow(ordered, box, new Set([tabStopId, layout.centreId])), links: linksInWindow(layout.links, box), box }
  }, [isWindowed, windowKey, ordered, layout, tabStopId])

  const buttonRef = useCallback((memberId: string, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(memberId, element)
    else buttons.current.delete(memberId)
  }, [])

  /** Focuses a person's box, drawing it first when it is out of the drawn window. */
  const moveFocus = useCallback((memberId: string) => {
    const button = buttons.current.get(memberId)
    if (button) return button.focus({ preventScroll: true })
    focusTabStop.current = true
    setTabStop((current) => ({ ...current, memberId }))
  }, [])

  // Put in the centre from their card: the chart comes into view with the keyboard on them.
  const focusedCentreKey = useRef(focusCentreKey)
  useEffect(() => {
    if (focusCentreKey === focusedCentreKey.current) return
    focusedCentreKey.current = focusCentreKey
    viewportRef.current?.scrollIntoView?.({ block: 'center' })
    buttons.current.get(layout.centreId)?.focus({ preventScroll: true })
  }, [focusCentreKey, layout.centreId])

  const handleActivate = useCallback(
    (memberId: string) => {
      if (onOpen) return onOpen(memberId)
      if (memberId === layout.centreId) return
      // Focus stays with the person once they are drawn in the middle.
      focusTabStop.current = true
      onRecentre(memberId)
    },
    [layout.centreId, onRecentre, onOpen],
  )

  const handleFocus = useCallback(
    (memberId: string) => {
      setTabStop((current) => (current.memberId === memberId ? current : { ...current, memberId }))
      const node = layout.nodes.find((candidate) => candidate.memberId === memberId)
      if (node) reveal({ x: node.x, y: node.y, width: chartMetrics.nodeWidth, height: chartMetrics.nodeHeight })
    },
    [layout, reveal],
  )

  const handleKeyDown = useCallback(
    (memberId: string, event: KeyboardEvent<HTMLButtonElement>) => {
      let target: string | undefined
      const direction = arrowDirections[event.key]
      if (direction) target = neighbourOf(rows, memberId, direction)
      else if (event.key === 'Home') target = layout.centreId
      else if (event.key === '+' || event.key === '=') zoomIn()
      else if (event.key === '-') zoomOut()
      else return
      event.preventDefault()
      if (target) moveFocus(target)
    },
    [rows, layout.centreId, zoomIn, zoomOut, moveFocus],
  )

  const { minX, minY, maxX, maxY } = drawn.box
  return (
    <div className="family-chart-canvas">
      <div className="family-chart-zoom" role="group" aria-label={t('zoom.group')}>
        <button type="button" className="button family-chart-tool" onClick={zoomOut}>
          <span aria-hidden="true">−</span> {t('zoom.out')}
        </button>
        <button type="button" className="button family-chart-tool" onClick={zoomIn}>
          <span aria-hidden="true">+</span> {t('zoom.in')}
        </button>
        <button type="button" className="button family-chart-tool" onClick={reset}>
          {t('zoom.reset')}
        </button>
      </div>
      <div ref={viewportRef} className="family-chart-viewport" {...viewportHandlers}>
        <div
          className={animated ? 'family-chart-layer is-animated' : 'family-chart-layer'}
          style={{ transform: `translate(${view.dx}px, ${view.dy}px) scale(${view.k})` }}
          data-testid="family-chart-layer"
        >
          <svg
            className="family-chart-links"
            aria-hidden="true"
            focusable="false"
            style={{ left: minX, top: minY }}
            width={maxX - minX}
            height={maxY - minY}
            viewBox={`${minX} ${minY} ${maxX - minX} ${maxY - minY}`}
          >
            <ChartLinks links={drawn.links} />
          </svg>
          <div role="group" aria-label={label} aria-describedby={helpId}>
            <ChartPeople
              t={t}
              language={language}
              labelOf={labelOf}
              isReaderCard={isYou}
              nodes={drawn.nodes}
              members={members}
              tabStopId={tabStopId}
              buttonRef={buttonRef}
              onActivate={handleActivate}
              onKeyDown={handleKeyDown}
              onFocus={handleFocus}
            />
          </div>
        </div>
      </div>
      <p id={helpId} className="family-chart-help">
        {t(onOpen ? (isTouch ? 'touchHelp' : 'keyboardHelp') : isTouch ? 'touchHelpCentre' : 'keyboardHelpCentre')}
      </p>
    </div>
  )
}

function parseWindow(key: string): Box {
  const [minX, minY, maxX, maxY] = key.split(',').map(Number) as [number, number, number, number]
  return { minX, minY, maxX, maxY }
}

const ChartLinks = memo(function ChartLinks({ links }: { links: ChartLink[] }) {
  return links.map((link) => (
    <Fragment key={link.key}>
      <path className={`family-chart-link family-chart-link-${link.kind}${link.notByBirth ? ' family-chart-link-not-birth' : ''}`} d={link.d} />
      {link.divorced && <path className="family-chart-link family-chart-link-divorce" d={divorceMark(link)} />}
    </Fragment>
  ))
})

type ChartPeopleProps = Omit<Parameters<typeof ChartPerson>[0], 'node' | 'member' | 'isYou' | 'isTabStop'> & {
  isReaderCard: (member: Member) => boolean
  /** Top to bottom, left to right: the order a screen reader reads them in. */
  nodes: ChartNode[]
  members: ReadonlyMap<string, Member>
  tabStopId: string
}

/** Memoised apart from the view, so panning and zooming re-render the people only between tiles. */
const ChartPeople = memo(function ChartPeople({ nodes, members, isReaderCard, tabStopId, ...handlers }: ChartPeopleProps) {
  return nodes.map((node) => {
    const member = members.get(node.memberId)
    if (!member) return null
    return <ChartPerson key={node.memberId} node={node} member={member} isYou={isReaderCard(member)} isTabStop={node.memberId === tabStopId} {...handlers} />
  })
})
