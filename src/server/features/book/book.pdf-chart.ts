import type { BookPlan } from '../../../shared/contracts/book.ts'
import { drawText, inks, printable, type TextStyle, widthOf } from './book.pdf-fonts.ts'
import type { Flow } from './book.pdf-flow.ts'
import type { Mentions } from './book.pdf-mentions.ts'
import { breakLines } from './book.pdf-text.ts'

type ChartPerson = BookPlan['chart'][number]

// Five to a row on either page size: a couple's children with their partners usually share one.
const boxWidth = 58
const boxHeight = 52
const columnGap = 6
/** Between the rows of one generation, and between generations: room for the lines to children. */
const rowGap = 12
const generationGap = 26
const nameStyle: TextStyle = { face: 'serifBold', size: 7, leading: 8.5, color: inks.ink }
const smallNameStyle: TextStyle = { ...nameStyle, size: 6, leading: 7.5 }
const yearsStyle: TextStyle = { face: 'serif', size: 6.5, leading: 8, color: inks.soft }
const refStyle: TextStyle = { face: 'sans', size: 6, leading: 7.5, color: inks.accent }
const numberStyle: TextStyle = { face: 'sans', size: 5.5, leading: 7, color: inks.soft }
const titleStyle: TextStyle = { face: 'serifBold', size: 18, leading: 24, color: inks.ink }

/**
 * Each generation in the order that keeps children under their parents: by the mean place of
 * their parents in the generations above, partners side by side.
 */
function orderGenerations(chart: ChartPerson[]): ChartPerson[][] {
  const byGeneration = new Map<number, ChartPerson[]>()
  for (const person of chart) byGeneration.set(person.generation, [...(byGeneration.get(person.generation) ?? []), person])
  const place = new Map<string, number>()
  const ordered: ChartPerson[][] = []
  for (const generation of [...byGeneration.keys()].sort((a, b) => a - b)) {
    const people = byGeneration.get(generation)!
    const keyOf = new Map(
      people.map((person, index) => {
        const parentPlaces = person.parentIds.map((id) => place.get(id)).filter((at): at is number => at !== undefined)
        return [person.id, parentPlaces.length ? parentPlaces.reduce((a, b) => a + b, 0) / parentPlaces.length : index] as const
      }),
    )
    const sorted = [...people].sort((a, b) => keyOf.get(a.id)! - keyOf.get(b.id)!)
    const ids = new Set(people.map((person) => person.id))
    const row: ChartPerson[] = []
    const placed = new Set<string>()
    for (const person of sorted) {
      if (placed.has(person.id)) continue
      row.push(person)
      placed.add(person.id)
      for (const partnerId of person.partnerIds) {
        const partner = people.find((candidate) => candidate.id === partnerId)
        if (partner && ids.has(partnerId) && !placed.has(partnerId)) {
          row.push(partner)
          placed.add(partnerId)
        }
      }
    }
    row.forEach((person, index) => place.set(person.id, place.size + index))
    ordered.push(row)
  }
  return ordered
}

interface Box {
  person: ChartPerson
  number: number
  page: number
  row: number
  x: number
  y: number
}

/**
 * The family chart: a box per person (name, years) in rows by generation, the oldest first. A
 * generation wider than the page goes on in more rows, and rows go on over pages, so a family of
 * hundreds still prints legibly. Lines join parents to children in the row right below and
 * partners side by side; where a line cannot be drawn (a parent on another row or page) the box
 * names its parents' numbers (after a small upward triangle: ▴ 3 · 4) and its partner's (= 12).
 */
export function drawChart(flow: Flow, plan: BookPlan, mentions: Mentions): number {
  flow.heads = { verso: plan.words.familyChart, recto: plan.words.familyChart }
  flow.addPage('opening')
  const firstPage = flow.page
  flow.doc.outline.addItem(printable(plan.words.familyChart))
  for (const line of breakLines(flow.doc, plan.words.familyChart, titleStyle, flow.frame.width)) {
    drawText(flow.doc, line.text, titleStyle, flow.frame.left, flow.y)
    flow.y += titleStyle.leading
  }
  flow.space(18)
  const generations = orderGenerations(plan.chart)
  const boxes = new Map<string, Box>()
  let number = 0
  let rowIndex = 0
  const perRow = Math.max(1, Math.floor((flow.frame.width + columnGap) / (boxWidth + columnGap)))
  const rows: Box[][] = []
  generations.forEach((generation, generationIndex) => {
    if (generationIndex > 0) flow.space(generationGap - rowGap)
    for (let first = 0; first < generation.length; first += perRow) {
      if (flow.y + boxHeight > flow.frame.bottom) flow.addPage('body')
      const people = generation.slice(first, first + perRow)
      const left = flow.frame.left + (flow.frame.width - (people.length * boxWidth + (people.length - 1) * columnGap)) / 2
      const row = people.map((person, index) => ({ person, number: ++number, page: flow.page, row: rowIndex, x: left + index * (boxWidth + columnGap), y: flow.y }))
      for (const box of row) boxes.set(box.person.id, box)
      rows.push(row)
      rowIndex += 1
      flow.y += boxHeight + rowGap
    }
  })
  // Drawn page by page once every box has its place: lines and references need both ends.
  for (const row of rows) {
    for (const box of row) {
      flow.doc.switchToPage(box.page - 1)
      drawBox(flow, box, boxes)
      mentions.add(box.person.id, box.page)
    }
  }
  flow.doc.switchToPage(flow.page - 1)
  return firstPage
}

function drawBox(flow: Flow, box: Box, boxes: Map<string, Box>): void {
  const { doc } = flow
  const { person } = box
  doc.roundedRect(box.x, box.y, boxWidth, boxHeight, 3).lineWidth(0.6).fillAndStroke('#ffffff', inks.line)
  drawText(doc, String(box.number), numberStyle, box.x + 3, box.y + 2)
  const inner = boxWidth - 8
  // A long name in a smaller size rather than cut; past three lines even so, its end is elided.
  let style = nameStyle
  let name = breakLines(doc, printable(person.name), style, inner)
  if (name.length > 3) [style, name] = [smallNameStyle, breakLines(doc, printable(person.name), smallNameStyle, inner)]
  if (name.length > 3) name = [...name.slice(0, 2), { ...name[2]!, text: `${name[2]!.text}…`, width: widthOf(doc, `${name[2]!.text}…`, style) }]
  let y = box.y + 8
  for (const line of name) {
    drawText(doc, line.text, style, box.x + 4 + (inner - line.width) / 2, y)
    y += style.leading
  }
  if (person.years) {
    const years = breakLines(doc, person.years, yearsStyle, inner)[0]
    if (years) drawText(doc, years.text, yearsStyle, box.x + 4 + (inner - years.width) / 2, y)
    y += yearsStyle.leading
  }
  const parents = person.parentIds.map((id) => boxes.get(id)).filter((parent): parent is Box => parent !== undefined)
  const joined = parents.filter((parent) => parent.page === box.page && parent.row === box.row - 1)
  let parentNumbers = ''
  const partnerNumbers: string[] = []
  if (joined.length > 0) {
    const from = joined.reduce((sum, parent) => sum + parent.x + boxWidth / 2, 0) / joined.length
    const top = joined[0]!.y + boxHeight
    const middle = box.y - generationGap / 2
    doc
      .moveTo(from, top)
      .lineTo(from, middle)
      .lineTo(box.x + boxWidth / 2, middle)
      .lineTo(box.x + boxWidth / 2, box.y)
      .lineWidth(0.6)
      .strokeColor(inks.soft)
      .stroke()
  }
  if (parents.length > joined.length) parentNumbers = parents.map((parent) => parent.number).join(' · ')
  for (const partnerId of person.partnerIds) {
    const partner = boxes.get(partnerId)
    if (!partner) continue
    const isBeside = partner.page === box.page && partner.row === box.row && Math.abs(partner.x - box.x) < boxWidth + columnGap + 1
    if (isBeside && partner.x > box.x) {
      const middle = box.y + boxHeight / 2
      doc
        .moveTo(box.x + boxWidth, middle - 1.2)
        .lineTo(partner.x, middle - 1.2)
        .moveTo(box.x + boxWidth, middle + 1.2)
        .lineTo(partner.x, middle + 1.2)
      doc.lineWidth(0.6).strokeColor(inks.soft).stroke()
    } else if (!isBeside) partnerNumbers.push(`= ${partner.number}`)
  }
  if (parentNumbers || partnerNumbers.length) {
    // The parents' numbers after a small upward triangle (the fonts have no arrow), the partner's after «=».
    const partners = partnerNumbers.join(' ')
    const mark = parentNumbers ? 6 : 0
    const width = mark + widthOf(doc, parentNumbers, refStyle) + (parentNumbers && partners ? widthOf(doc, '  ', refStyle) : 0) + widthOf(doc, partners, refStyle)
    let x = box.x + 4 + Math.max(0, (inner - width) / 2)
    const top = Math.min(y, box.y + boxHeight - refStyle.leading - 1)
    if (parentNumbers) {
      doc.polygon([x, top + 5.5], [x + 4, top + 5.5], [x + 2, top + 2]).fill(inks.accent)
      drawText(doc, parentNumbers, refStyle, x + mark, top)
      x += mark + widthOf(doc, `${parentNumbers}  `, refStyle)
    }
    if (partners) drawText(doc, partners, refStyle, x, top)
  }
}
