/** The chart's sizes and shapes, shared by the layout and the drawing. */

/** Sizes in CSS pixels at zoom 1; the stylesheet draws the person boxes at exactly this size. */
export const chartMetrics = {
  nodeWidth: 184,
  nodeHeight: 92,
  /** Between two partners, room for the line that joins them. */
  coupleGap: 28,
  /** Between the boxes of people who are not a couple. */
  siblingGap: 40,
  /** Between generations, room for the lines from parents to children. */
  rowGap: 56,
} as const

export const defaultGenerations = 3

export type NodeKind = 'centre' | 'ancestor' | 'descendant' | 'partner'

export interface ChartNode {
  memberId: string
  /** Centre of the box; the centre person is at (0, 0). */
  x: number
  y: number
  /** Negative above the centre person (parents are −1), positive below (children are 1). */
  generation: number
  kind: NodeKind
}

export interface Box {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

export interface ChartLink {
  key: string
  kind: 'parent' | 'couple'
  /** A line to a child who is not the parents' by birth (adopted, fostered…): drawn dashed. */
  notByBirth?: boolean
  /** A couple who divorced or separated: two strokes across their line. */
  divorced?: boolean
  /** An SVG path in the same coordinates as the nodes. */
  d: string
  /** The path's bounding box, to draw only the lines in sight. */
  box: Box
}

export interface ChartLayout {
  centreId: string
  nodes: ChartNode[]
  links: ChartLink[]
  bounds: Box
  /** Whether parents exist beyond the generations laid out. */
  hasMoreAncestors: boolean
  /** Whether children exist beyond the generations laid out. */
  hasMoreDescendants: boolean
}

export interface LayoutOptions {
  ancestorGenerations?: number
  descendantGenerations?: number
  /** Gives up (throws) past this many people; `layoutWithin` then asks for a generation fewer. */
  maxPeople?: number
  /** Called each time the layout expands a family (its parents or its children); for tests. */
  onFamilyVisit?: (familyKey: string) => void
}
