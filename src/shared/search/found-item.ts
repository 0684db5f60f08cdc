/**
 * The element id of an item a page lists (`dream-<id>`), what a link to that very item puts after
 * `#`: the search links its results so, and the lists mark the item named (`useFoundItem`).
 */
export const foundItemId = (kind: 'dream' | 'memory', id: string) => `${kind}-${id}`
