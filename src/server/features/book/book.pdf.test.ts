import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookPlan } from '../../../shared/contracts/book.ts'
import { renderBookPdf } from './book.pdf.ts'
import { hasPoppler, noticeMissingPoppler, pageSize, pdfInfo, pdfText, qrCodesByPage } from './test/pdf-reader.ts'
import { frenchPlan, makePhotos, spanishPlan } from './test/sample-book.ts'

// The book read back as a reader's programs read it: its text through pdftotext (accents, the
// contents' numbers against the pages, the index), its codes through a camera's decoder.

noticeMissingPoppler()

let folder: string
let photos: Map<string, string>
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'legado-book-test-'))
  photos = await makePhotos(path.join(folder, 'photos'), [
    { width: 1600, height: 1200 },
    { width: 800, height: 1300 },
  ])
})
afterAll(() => rm(folder, { recursive: true, force: true }))

async function render(plan: BookPlan, name: string): Promise<{ file: string; pageCount: number }> {
  const file = path.join(folder, `${name}.pdf`)
  const { pageCount } = await renderBookPdf(plan, { imageFiles: photos, output: createWriteStream(file) })
  return { file, pageCount }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

// Each check runs poppler over the book page by page (and jsQR over every page): seconds on a busy machine.
describe.skipIf(!hasPoppler)('a book read back', { timeout: 60_000 }, () => {
  const plan = () => spanishPlan({ chapters: 5, photoIds: [...photos.keys()] })
  let book: { file: string; pageCount: number }
  beforeAll(async () => {
    book = await render(plan(), 'es')
  })

  it('prints every chapter with its accents, ñ, ¿ ¡ and « » as written, the dedication and the colophon last', async () => {
    const text = oneLine(await pdfText(book.file))
    for (const chapter of plan().chapters) expect(text).toContain(chapter.title)
    expect(text).toContain('«¡Qué frío!», decía Carmen Ruiz López cada mañana')
    expect(text).toContain('¿Cómo era la casa de la calle Mayor?')
    expect(text).toContain('œuvre, façade y garçon')
    expect(text).toContain('Para mis nietos, que un día preguntaron «¿y tú cómo eras?».')
    expect(text).toContain('Este capítulo lo contó de nuevo la inteligencia artificial')
    expect(oneLine(await pdfText(book.file, book.pageCount))).toContain(oneLine(plan().colophon))
    const info = await pdfInfo(book.file)
    expect(info).toMatchObject({ Title: 'La vida de Carmen Ruiz López', Pages: String(book.pageCount) })
    const raw = (await readFile(book.file)).toString('latin1')
    expect(raw).toContain('/Lang (es)')
    expect(raw).toContain('/PageMode /UseOutlines')
  })

  it('gives in the contents the page each chapter, the chart and the index really open on', async () => {
    const contentsPage = await findPage(book, plan().words.contents)
    const contents = oneLine(await pdfText(book.file, contentsPage))
    const titles = [...plan().chapters.map((chapter) => chapter.title), plan().words.familyChart, plan().words.index]
    for (const title of titles) {
      const page = Number(new RegExp(`${escape(title)} (\\d+)`).exec(contents)?.[1])
      expect(page, title).toBeGreaterThan(contentsPage)
      // The opening page starts with its title (after the folio of the page before, which pdftotext prints last).
      expect(oneLine(await pdfText(book.file, page)).startsWith(title), `${title} on page ${page}`).toBe(true)
    }
  })

  it('lists every person of the book alphabetically, accents aside, with the pages that name them', async () => {
    // The contents name the index and the chart too: their pages are the first after the contents.
    const afterContents = (await findPage(book, plan().words.contents)) + 1
    const indexPage = await findPage(book, plan().words.index, afterContents)
    const index = await pdfText(book.file, indexPage, book.pageCount - 1)
    const entries = index
      .split('\n')
      .map((line) => /^(\D+?)(?:, ([\d, ]+))?$/.exec(line.trim()))
      .filter((match): match is RegExpExecArray => match !== null && plan().people.some((person) => person.name === match[1]))
    expect(entries.map((entry) => entry[1])).toEqual(['Antonio Ruiz', 'Carmen Ruiz López', 'Dolores López', 'Elena Ruiz', 'Íñigo Ruiz', 'Ñuño Gil', 'Zoë Ångström'])
    // Under their letters: Í under I, as Spanish sorts it, and Ñ under a letter of its own.
    expect(index.split('\n').filter((line) => /^\p{Lu}$/u.test(line.trim()))).toEqual(['A', 'C', 'D', 'E', 'I', 'Ñ', 'Z'])
    const pagesOf = (name: string) => (entries.find((entry) => entry[1] === name)?.[2] ?? '').split(', ').filter(Boolean).map(Number)
    const chartPage = await findPage(book, plan().words.familyChart, afterContents)
    for (const person of plan().people) {
      for (const page of pagesOf(person.name)) {
        const text = oneLine(await pdfText(book.file, page))
        expect(person.terms.some((term) => text.includes(term)) || page === chartPage, `${person.name} on page ${page}`).toBe(true)
      }
    }
    expect(pagesOf('Carmen Ruiz López')).toContain(chartPage)
    expect(pagesOf('Íñigo Ruiz')).toEqual([await findPage(book, 'su hermano Íñigo')])
    expect(pagesOf('Elena Ruiz')).toEqual(expect.arrayContaining([await findPage(book, 'Elena Ruiz jugaba'), await findPage(book, 'Elena Ruiz escribió'), chartPage]))
    expect(pagesOf('Zoë Ångström')).toEqual([])
  })

  it('prints a code beside each recording with a link that a phone reads back to the exact address, and none for a recording without one', async () => {
    const codes = await qrCodesByPage(book.file)
    const urls = plan()
      .chapters.flatMap((chapter) => chapter.blocks)
      .flatMap((block) => (block.type === 'photo' ? [] : block.recordings))
      .flatMap((recording) => (recording.url ? [recording.url] : []))
    expect(urls.length).toBeGreaterThanOrEqual(3)
    expect([...codes.values()].flat().sort()).toEqual([...urls].sort())
    for (const [page, found] of codes) {
      // Each code's words are on its page: the code is never parted from them.
      const text = oneLine(await pdfText(book.file, page)).replace(/ /g, '')
      for (const url of found) expect(text).toContain(url.replace('https://', ''))
      expect(text).toContain('Escuchelavoz')
    }
    expect(await pdfText(book.file)).not.toContain('Sin enlace todavía')
  })
})

describe.skipIf(!hasPoppler)('the page of a book', () => {
  it('is 6×9 in, grows by 3 mm on every side with bleed, and is A5 in French with its letters right', async () => {
    const plain = await render({ ...spanishPlan(), chapters: spanishPlan().chapters.slice(0, 1) }, 'plain')
    expect(await pageSize(plain.file, 3)).toEqual({ width: 432, height: 648 })
    const bled = await render({ ...spanishPlan(), chapters: spanishPlan().chapters.slice(0, 1), bleed: true }, 'bleed')
    expect(await pageSize(bled.file, 3)).toEqual({ width: 449, height: 665 })
    expect(bled.pageCount).toBe(plain.pageCount)

    const french = await render(frenchPlan(), 'fr')
    expect(await pageSize(french.file, 1)).toEqual({ width: 420, height: 595 })
    const text = oneLine(await pdfText(french.file))
    expect(text).toContain('« Où est passé le garçon ? » demandait Łucja Lefèvre. Ça sentait le pain d’épices… — et l’œuvre du grand-père.')
    expect(text).toContain('Łucja Lefèvre, 4')
    expect(text).not.toContain(spanishPlan().words.contents)
  })
})

describe('a photo the book cannot print', () => {
  it('is left out and named, the cover among them, while the book is made with the rest', async () => {
    const broken = path.join(folder, 'broken.heic')
    await writeFile(broken, Buffer.from('ftypheic, but no picture a printer could read'))
    const ids = ['broken', ...photos.keys(), 'missing']
    const plan = spanishPlan({ chapters: 3, photoIds: ids })
    const file = path.join(folder, 'unprinted.pdf')
    const result = await renderBookPdf(plan, { imageFiles: new Map([...photos, ['broken', broken]]), output: createWriteStream(file) })
    expect(plan.coverPhotoId).toBe('broken')
    expect(result.unprintedPhotoIds.sort()).toEqual(['broken', 'missing'])
    expect(result.pageCount).toBeGreaterThan(4)
  })
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The first page (from `from`) whose text holds `needle`. */
async function findPage(book: { file: string; pageCount: number }, needle: string, from = 1): Promise<number> {
  for (let page = from; page <= book.pageCount; page++) if (oneLine(await pdfText(book.file, page)).includes(needle)) return page
  throw new Error(`${needle} is on no page`)
}
