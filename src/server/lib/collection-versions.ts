/**
 * The version of each owner's lists (migration 0010): a random token the database's triggers
 * replace in the same transaction as every write to a list's rows. Equal tokens mean an
 * unchanged list, on every server process sharing the database.
 */
export interface CollectionVersionTable {
  ownerId: string
  /** The list's name: `dreams`. */
  collection: string
  version: string
}

export interface CollectionVersionTables {
  collectionVersion: CollectionVersionTable
}

/** The lists whose versions the database keeps. */
export type Collection = 'dreams' | 'family-tree'
