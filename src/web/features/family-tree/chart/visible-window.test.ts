import { describe, expect, it } from 'vitest'
import type { ChartNode } from './chart-model.ts'
import { homeView } from './use-chart-view.ts'
import { nodesInWindow, visibleWindow } from './visible-window.ts'

const node = (memberId: string, x: number, y = 0): ChartNode => ({ memberId, x, y, generation: 0, kind: 'descendant' })

describe('the part of a large chart that is drawn', () => {
  it('covers the viewport and half a viewport around it, and changes only from tile to tile', () => {
    const size = { width: 1000, height: 600 }
    const window = visibleWindow({ dx: 0, dy: 0, k: 1 }, size)
    expect(window.minX).toBeLessThanOrEqual(-1000)
    expect(window.maxX).toBeGreaterThanOrEqual(1000)
    expect(window.minY).toBeLessThanOrEqual(-600)
    expect(visibleWindow({ dx: -10, dy: 10, k: 1 }, size).key).toBe(window.key)
    expect(visibleWindow({ dx: 900, dy: 0, k: 1 }, size).key).not.toBe(window.key)
    // Zoomed out, more of the chart is in sight.
    expect(visibleWindow({ dx: 0, dy: 0, k: 0.5 }, size).maxX).toBeGreaterThanOrEqual(2000)
  })

  it('keeps the boxes that touch it, and the ones asked for wherever they are', () => {
    const window = { minX: -500, maxX: 500, minY: -500, maxY: 500 }
    const nodes = [node('near', 0), node('edge', 580), node('far', 5000), node('focused', -9000)]
    expect(nodesInWindow(nodes, window, new Set(['focused'])).map((kept) => kept.memberId)).toEqual(['near', 'edge', 'focused'])
  })
})

describe('the home view', () => {
  const bounds = { minX: -416, minY: -342, maxX: 416, maxY: 194 }

  it('shows a chart that fits whole, centred, at zoom 1', () => {
    expect(homeView(bounds, { width: 1118, height: 638 })).toEqual({ dx: -0, dy: 74, k: 1 })
  })

  it('zooms out to fit, but never below a legible 0.8', () => {
    expect(homeView(bounds, { width: 1118, height: 500 }).k).toBeCloseTo((250 - 24) / 268)
    expect(homeView({ ...bounds, maxY: 5000 }, { width: 1118, height: 500 }).k).toBe(0.8)
  })

  it('keeps zoom 1 on a phone, with the centre person in the middle and no empty paper past the edges', () => {
    const size = { width: 343, height: 416 }
    expect(homeView(bounds, size)).toEqual({ dx: -0, dy: -0, k: 1 })
    // With nobody below the centre person, the chart's bottom edge sits at the bottom margin.
    const noDescendants = { ...bounds, maxY: 46 }
    const view = homeView(noDescendants, size)
    expect(noDescendants.maxY * view.k + view.dy).toBe(size.height / 2 - 24)
  })
})
