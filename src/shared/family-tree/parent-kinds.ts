/**
 * How a child belongs to a parent (GEDCOM's PEDI): by birth, adoption, fostering, an LDS sealing,
 * or another way. The form offers each (birth by default); an import keeps what the file says.
 * A module of its own, without zod, so the tree page can show kinds before any form is loaded.
 */
export const parentKinds = ['birth', 'adopted', 'foster', 'sealing', 'other'] as const
export type ParentKind = (typeof parentKinds)[number]
