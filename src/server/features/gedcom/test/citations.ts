import { parseGedcom, type GedcomNode } from '../../../lib/gedcom/index.ts'

/** One citation of a file as a reader meets it: whose structure, which, and what it says, its pointers followed. */
export interface ReadCitation {
  /** The person's NAME, or the family's partners' names in alphabetical order joined by « + ». */
  owner: string
  /** The structure it is under (`BIRT`, `MARR`, `OCCU Maestra`, `RESI`, `NAME`). */
  under: string
  title: string | undefined
  author: string | undefined
  page: string | undefined
  date: string | undefined
  text: string | undefined
  /** The FILE of the multimedia it links, when it links one. */
  file?: string | undefined
}

const child = (node: GedcomNode, tag: string) => node.children.find((candidate) => candidate.tag === tag)

/** Every citation under a level-1 structure of a person or family of `text`, in file order. */
export function citationsOf(text: string): ReadCitation[] {
  const { records } = parseGedcom(text)
  const byXref = new Map(records.flatMap((record) => (record.xref === undefined ? [] : [[record.xref, record] as const])))
  const nameOf = (xref: string | null | undefined) => (xref ? child(byXref.get(xref)!, 'NAME')?.value : undefined)
  const found: ReadCitation[] = []
  for (const record of records) {
    if (record.tag !== 'INDI' && record.tag !== 'FAM') continue
    const owner =
      record.tag === 'INDI'
        ? (child(record, 'NAME')?.value ?? '')
        : ['HUSB', 'WIFE']
            .map((tag) => nameOf(child(record, tag)?.pointer))
            .filter(Boolean)
            .sort()
            .join(' + ')
    for (const structure of record.children) {
      for (const citation of structure.children.filter((node) => node.tag === 'SOUR')) {
        const source = citation.pointer ? byXref.get(citation.pointer) : undefined
        const data = child(citation, 'DATA')
        const media = child(citation, 'OBJE')
        // 5.5.1 may link a file inline; 7.0 only through a record.
        const linked = media?.pointer ? byXref.get(media.pointer) : media
        found.push({
          owner,
          under: structure.value && structure.tag !== 'NAME' ? `${structure.tag} ${structure.value}` : structure.tag,
          title: source ? child(source, 'TITL')?.value : undefined,
          author: source ? child(source, 'AUTH')?.value : undefined,
          page: child(citation, 'PAGE')?.value,
          date: data ? child(data, 'DATE')?.value : undefined,
          text: data ? child(data, 'TEXT')?.value : undefined,
          ...(linked ? { file: child(linked, 'FILE')?.value } : {}),
        })
      }
    }
  }
  return found
}

/** Citations in one order whatever the file's: by owner, structure and words. */
export function inOrder<T extends Pick<ReadCitation, 'owner' | 'under' | 'text'>>(list: T[]): T[] {
  return [...list].sort((a, b) => a.owner.localeCompare(b.owner) || a.under.localeCompare(b.under) || (a.text ?? '').localeCompare(b.text ?? ''))
}
