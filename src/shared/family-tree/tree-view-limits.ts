// The tree page's limits and the index's marks, apart from the contracts' zod schemas: the page's
// code reads these numbers at once, and a module of plain values is evaluated in no time where the
// schemas beside them would be built as it loads.

/** How much one read of the tree page answers. */
export const treeViewLimits = {
  /** Generations up and down when the page does not say. */
  defaultGenerations: 3,
  maxGenerations: 10,
  /**
   * People in one view at most, as the chart lays out at most: a generation that would pass it
   * is left out whole (`generations` says how many came), and within the first generation the
   * people past it are left out (`truncated`).
   */
  maxPeople: 1500,
  /** Ids per `members?ids=` read: a page of the list. */
  maxIds: 200,
} as const

/** The bits of an index entry's `flags` (`treeIndexEntrySchema`). */
export const indexFlags = {
  /** The keeper's own card. */
  self: 1,
  isDeceased: 2,
  /** A card an account is linked to (an accepted invitation). */
  linked: 4,
} as const
