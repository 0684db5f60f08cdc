/** What a media file can be attached to (docs/product.md#media). */
export const mediaLinkTypes = ['member', 'biographyEntry', 'interviewSession'] as const
export type MediaLinkType = (typeof mediaLinkTypes)[number]

/** Every character but ASCII letters, digits, dot, underscore and hyphen becomes `_` (docs/product.md#media). */
export function sanitiseBaseName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_')
}

/**
 * `C:\\fotos\\photo.final.JPG` → `['photo.final', '.JPG']`: only the last path segment counts, and
 * an extension is a dot and 1–10 letters or digits (a leading dot is part of the name).
 */
export function splitExtension(fileName: string): [base: string, extension: string] {
  const name = fileName.split(/[/\\]/).pop() ?? ''
  const match = /^(.+)(\.[A-Za-z0-9]{1,10})$/.exec(name)
  return match ? [match[1]!, match[2]!] : [name, '']
}

/**
 * The object key of an upload, as docs/product.md#media shapes it, with the asset's id after the timestamp:
 * `userMedia/{ownerUserId}/{linkedToType or general}/{YYYY-MM}/{sanitised base}_{timestamp}_{assetId}{ext}`.
 * Two uploads of one name in one millisecond would otherwise share a key, and the second would
 * overwrite the first (ADR 0011). The month and the timestamp are UTC.
 */
/** Where every object of one person lives, so that all of them can be found (and erased) together. */
export function userMediaPrefix(ownerUserId: string): string {
  return `userMedia/${ownerUserId}/`
}

export function mediaStoragePath(input: { ownerUserId: string; linkedToType: MediaLinkType | null; fileName: string; at: Date; assetId: string }): string {
  const [base, extension] = splitExtension(input.fileName)
  const month = input.at.toISOString().slice(0, 7)
  return `${userMediaPrefix(input.ownerUserId)}${input.linkedToType ?? 'general'}/${month}/${sanitiseBaseName(base)}_${input.at.getTime()}_${sanitiseBaseName(input.assetId)}${extension}`
}
