/** The product's limits (docs/product.md#limits) and the few of our own, in one place. */
export const limits = {
  passwordMinLength: 6,
  passwordMaxLength: 128,
  displayNameMaxLength: 120,
  familyRelationMaxLength: 200,
  dreamTitleMaxLength: 200,
  dreamContentMaxLength: 20_000,
  contactNameMaxLength: 120,
  contactMessageMaxLength: 5_000,
  emailMaxLength: 254,
  parentsPerMember: 2,
  memberNameMaxLength: 100,
  memberRelationshipMaxLength: 100,
  memberBioMaxLength: 10_000,
  memberLifeEventMaxLength: 500,
  /** A place as written ("Pasto, Nariño, Colombia"); GEDCOM's PLAC has no limit, 120 in 5.5.1. */
  memberPlaceMaxLength: 500,
  memberNotesMaxLength: 50_000,
  /** A GEDCOM file to import: 100,000 people with notes fit in well under this. */
  gedcomMaxBytes: 100 * 1024 * 1024,
  /**
   * Levels of a structure an import keeps below its first: real structures nest a handful, and a
   * hostile file nesting thousands would overflow the stack of every recursive step (JSON included).
   */
  gedcomKeptMaxDepth: 64,
  biographyMessageMaxLength: 10_000,
  biographyTitleMaxLength: 200,
  biographyMediaPerEntry: 50,
  /** A chat message the person sends (biography, interview). */
  chatMessageMaxLength: 10_000,
  /** A persona's reply as the server keeps it; far above what 1,024 output tokens can write. */
  chatReplyMaxLength: 20_000,
  /** Unsaved exchanges a conversation carries from one message to the next. */
  chatCarriedExchanges: 20,
  /** Characters of earlier conversation a model is given as context for the next reply (newest kept). */
  chatContextChars: 24_000,
  /** A conversation's title, as the person writes it. */
  conversationTitleMaxLength: 200,
  /**
   * A message more than this long after the chat's last one starts a new conversation: one sitting
   * (a morning, an afternoon) is one conversation, and a story told across days is several.
   */
  conversationGapMinutes: 180,
  /** A memory told in the AI lab, as written or dictated. */
  aiLabMemoryMaxLength: 10_000,
  /**
   * What one account's family tree may hold. Far above any real family (the largest public trees
   * hold a few hundred thousand people) and low enough that no whole-tree read or export of one
   * account can hold the server for long.
   */
  membersPerTree: 250_000,
  /** Families (FAM records) one GEDCOM file may hold: a real file has fewer families than people. */
  gedcomFamiliesPerFile: 250_000,
  /** Rows of any one kind (dreams, memories, files…) an account import takes; far above a life's worth. */
  importRowsPerKind: 250_000,
  /** Unions one person may be a partner in: real people have a handful, a forged tree thousands. */
  unionsPerMember: 100,
  /** Interview sessions kept about one member. */
  interviewSessionsPerMember: 2_000,
} as const

export const languages = ['es', 'en', 'fr'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'es'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}
