import type { Member } from '../../../../shared/contracts/family-tree.ts'
import type { NewRelativeRequest } from '../lib/new-relative.ts'

/** A request to put someone in the centre of the chart (from their card); a new `key` asks again. */
export interface CentreRequest {
  memberId: string
  key: number
}

/**
 * The part of the tree the chart was given (a view the page read around one person): who is in
 * the centre, how many generations came, whether more lie beyond them, and how to ask another.
 */
export interface ChartViewControl {
  centreId: string
  /** Generations included each way (fewer than asked when more would not fit). */
  generations: number
  /** Someone is left out above / below the generations included. */
  more: { up: boolean; down: boolean }
  /** Another view is on its way; the one shown stays until it comes. */
  isLoading: boolean
  onCentre: (memberId: string) => void
  onGenerations: (generations: number) => void
  /** Everyone the centre picker offers (the tree's index, or the view's people until it comes). */
  people: readonly Member[]
}

/** What the tree page does for the chart: a person opens their card, a relative is added, someone is centred. */
export interface ChartHooks {
  centreRequest?: CentreRequest
  onOpen: (memberId: string) => void
  /** Absent for someone whose role does not edit the tree: the chart offers no «Añadir madre». */
  onAddRelative?: (request: NewRelativeRequest) => void
  /** The chart draws a view the page reads, rather than a whole tree of its own. */
  view?: ChartViewControl
}
