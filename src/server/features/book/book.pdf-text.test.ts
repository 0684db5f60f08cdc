import PDFDocument from 'pdfkit'
import { expect, it } from 'vitest'
import { fontRuns, registerFonts, type TextStyle, widthOf } from './book.pdf-fonts.ts'
import { breakLines, paragraphsOf } from './book.pdf-text.ts'

const doc = new PDFDocument({ autoFirstPage: false })
registerFonts(doc)
const style: TextStyle = { face: 'sans', size: 10, leading: 14, color: '#000000' }

it('breaks a paragraph into lines that fit, each knowing where it starts in the text', () => {
  const text = 'Aquel  invierno la nieve\tcubrió el pueblo entero y no hubo escuela durante semanas, ¿verdad?'
  const lines = breakLines(doc, text, style, 120, 14)
  expect(lines.length).toBeGreaterThan(2)
  expect(lines.map((line) => line.text).join(' ')).toBe(text.replace(/\s+/g, ' '))
  for (const line of lines) {
    expect(line.width + line.indent).toBeLessThanOrEqual(120)
    expect(text.slice(line.start).startsWith(line.text.split(' ')[0]!)).toBe(true)
  }
  expect(lines.map((line) => line.indent)).toEqual([14, ...lines.slice(1).map(() => 0)])
  expect(lines.map((line) => line.isLast)).toEqual([...lines.slice(1).map(() => false), true])
})

it('breaks an address too long for its line after a slash, and its parts with no space between them', () => {
  const lines = breakLines(doc, 'legado.example/escuchar/tok0000AbCdEfGhIjKlMnOpQrSt', { ...style, size: 7 }, 110)
  expect(lines.map((line) => line.text)).toEqual(['legado.example/escuchar/', 'tok0000AbCdEfGhIjKlMnOpQrSt'])
  const narrow = breakLines(doc, 'abcdefghijklmnopqrstuvwxyz'.repeat(3), style, 60)
  expect(narrow.map((line) => line.text).join('')).toBe('abcdefghijklmnopqrstuvwxyz'.repeat(3))
  for (const line of narrow) expect(line.width).toBeLessThanOrEqual(60)
})

it('draws Spanish and French from the latin files and a name beyond them from the latin-ext ones', () => {
  expect(fontRuns('¿Qué? «Œuvre» – ñ, ç…')).toEqual([{ text: '¿Qué? «Œuvre» – ñ, ç…', isExt: false }])
  expect(fontRuns('Łucja Dvořák')).toEqual([
    { text: 'Ł', isExt: true },
    { text: 'ucja Dvo', isExt: false },
    { text: 'ř', isExt: true },
    { text: 'ák', isExt: false },
  ])
  expect(widthOf(doc, 'Łucja', style)).toBeGreaterThan(widthOf(doc, 'ucja', style))
})

it('splits a text into paragraphs at its line breaks, blank lines dropped', () => {
  expect(paragraphsOf('Uno.\n\n  Dos.\r\nTres.\n')).toEqual(['Uno.', 'Dos.', 'Tres.'])
})
