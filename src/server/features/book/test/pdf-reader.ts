// Poppler's pdftotext, pdftoppm and pdfinfo read the books back as a reader's program would, and
// jsQR decodes the printed codes from the pages as a phone would. Poppler is a system package
// (poppler-utils), not an npm one: the tests that need it skip, with one notice, where it is missing.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import * as jsqrModule from 'jsqr'
import sharp from 'sharp'
import { bookText } from '../book.words.ts'

const run = promisify(execFile)

interface Point {
  x: number
  y: number
}
interface Corners {
  topLeftCorner: Point
  topRightCorner: Point
  bottomLeftCorner: Point
  bottomRightCorner: Point
}
// jsqr is CommonJS, its function the module itself; the type settings read that as the module's default.
const jsQR = (jsqrModule as unknown as { default: (pixels: Uint8ClampedArray, width: number, height: number) => { data: string; location: Corners } | null }).default

const isOnPath = (command: string) => (process.env.PATH ?? '').split(path.delimiter).some((folder) => folder && existsSync(path.join(folder, command)))
export const hasPoppler = ['pdftotext', 'pdftoppm', 'pdfinfo'].every(isOnPath)

let hasNoticed = false
/** Call at the top of a test file that reads PDFs back: warns once when poppler is missing. */
export function noticeMissingPoppler(): void {
  if (hasPoppler || hasNoticed) return
  hasNoticed = true
  console.warn('pdftotext not found on PATH (install the poppler-utils package): the tests that read books back are skipped.')
}

/** The text of a PDF, or of its pages `first` to `last` (from 1), in reading order. */
export async function pdfText(file: string, first?: number, last = first): Promise<string> {
  const pages = first === undefined ? [] : ['-f', String(first), '-l', String(last)]
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', ...pages, file, '-'], { maxBuffer: 64 * 1024 * 1024 })
  return stdout
}

/** pdfinfo's fields: Pages, Page size, Title… */
export async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', [file])
  return Object.fromEntries(stdout.split('\n').flatMap((line) => (line.includes(':') ? [[line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]] : [])))
}

/** The page's size in points, as pdfinfo reads it for page `page`. */
export async function pageSize(file: string, page: number): Promise<{ width: number; height: number }> {
  const { stdout } = await run('pdfinfo', ['-f', String(page), '-l', String(page), file])
  const match = /Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/.exec(stdout)
  if (!match) throw new Error(`No page size in: ${stdout}`)
  return { width: Number(match[1]), height: Number(match[2]) }
}

/** The first word of «Escuche la voz» in each language, printed under every code. */
const listenWords = new Set(Object.values(bookText).map((text) => text.words.listen.split(' ')[0]!))

/** Where the words of `words` are printed on each page, in points from the page's top-left corner. */
async function wordBoxes(file: string, words: Set<string>): Promise<Map<number, { x: number; y: number }[]>> {
  const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 })
  const boxes = new Map<number, { x: number; y: number }[]>()
  stdout.split('<page ').forEach((page, index) => {
    if (index === 0) return
    for (const match of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)) {
      if (words.has(match[3]!)) boxes.set(index, [...(boxes.get(index) ?? []), { x: Number(match[1]), y: Number(match[2]) }])
    }
  })
  return boxes
}

/**
 * Every QR code printed on each page, decoded from the page drawn at 150 dpi by jsQR, as a phone
 * would: over the whole page, and over the area above each «Escuche la voz» (a phone is aimed at
 * one code; on a page full of text jsQR may find none). jsQR finds one code at a time, so each found
 * code is painted over and the area read again.
 */
export async function qrCodesByPage(file: string): Promise<Map<number, string[]>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'legado-book-pages-'))
  try {
    await run('pdftoppm', ['-r', '150', '-png', file, path.join(folder, 'page')], { maxBuffer: 16 * 1024 * 1024 })
    const labels = await wordBoxes(file, listenWords)
    const scale = 150 / 72
    const codes = new Map<number, string[]>()
    for (const name of (await readdir(folder)).sort()) {
      const page = Number(/(\d+)\.png$/.exec(name)![1])
      const image = sharp(path.join(folder, name))
      const { width, height } = await image.metadata()
      const areas = [{ left: 0, top: 0, width: width!, height: height! }]
      for (const box of labels.get(page) ?? []) {
        const left = Math.max(0, Math.floor((box.x - 30) * scale))
        const top = Math.max(0, Math.floor((box.y - 130) * scale))
        areas.push({ left, top, width: Math.min(width! - left, Math.ceil(170 * scale)), height: Math.min(height! - top, Math.ceil(135 * scale)) })
      }
      const found = new Set<string>()
      for (const area of areas) {
        const { data, info } = await image.clone().extract(area).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
        const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length)
        for (let code = jsQR(pixels, info.width, info.height); code; code = jsQR(pixels, info.width, info.height)) {
          found.add(code.data)
          paintOver(pixels, info.width, code.location)
        }
      }
      if (found.size) codes.set(page, [...found])
    }
    return codes
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

function paintOver(pixels: Uint8ClampedArray, width: number, location: Corners): void {
  const points = [location.topLeftCorner, location.topRightCorner, location.bottomLeftCorner, location.bottomRightCorner]
  const [left, right] = [Math.min(...points.map((p) => p.x)) - 4, Math.max(...points.map((p) => p.x)) + 4]
  const [top, bottom] = [Math.min(...points.map((p) => p.y)) - 4, Math.max(...points.map((p) => p.y)) + 4]
  for (let y = Math.max(0, Math.floor(top)); y < Math.ceil(bottom); y++) {
    for (let x = Math.max(0, Math.floor(left)); x < Math.min(width, Math.ceil(right)); x++) pixels.fill(255, (y * width + x) * 4, (y * width + x) * 4 + 4)
  }
}
