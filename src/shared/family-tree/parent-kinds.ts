/**
 * How a child belongs to a parent (GEDCOM's PEDI, and per parent the `_FREL`/`_MREL` programs
 * write): by birth, adoption, as a step-child (the parent's partner's child), fostering, an LDS
 * sealing, or another way. The form offers each (birth by default); an import keeps what the file
 * says. A module of its own, without zod, so the tree page can show kinds before any form is loaded.
 */
export const parentKinds = ['birth', 'adopted', 'step', 'foster', 'sealing', 'other'] as const
export type ParentKind = (typeof parentKinds)[number]
