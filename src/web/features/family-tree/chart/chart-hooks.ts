import type { NewRelativeRequest } from '../lib/new-relative.ts'

/** A request to put someone in the centre of the chart (from their card); a new `key` asks again. */
export interface CentreRequest {
  memberId: string
  key: number
}

/** What the tree page does for the chart: a person opens their card, a relative is added, someone is centred. */
export interface ChartHooks {
  centreRequest?: CentreRequest
  onOpen: (memberId: string) => void
  /** Absent for someone whose role does not edit the tree: the chart offers no «Añadir madre». */
  onAddRelative?: (request: NewRelativeRequest) => void
}
