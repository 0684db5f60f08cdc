/**
 * `rosa-maria-lopez`: a name in plain ASCII letters, digits and hyphens, at most 60 characters,
 * for a file name that every system and every download keeps as it is; '' when nothing is left.
 */
export function fileSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}
