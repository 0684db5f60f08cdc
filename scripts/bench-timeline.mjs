// Timelines on the built server, over a tree of BENCH_TIMELINE_PEOPLE people (20,000 by default;
// 100,000 is what one account may hold) imported through the API: four generations of couples
// with exact birth days, weddings and deaths. Prints p50 and p90 of one person's timeline, the
// first page of the family's, a branch's, and the dashboard's «on this day» (birthdays of the
// coming fortnight are found by the database, not by loading the tree), with their sizes.
import { buildIfNeeded } from './build-if-needed.mjs'

process.env.BENCH_GEDCOM_PORT ??= process.env.BENCH_TIMELINE_PORT ?? '3517'
const { base, importGedcom, json, percentile, signUp, startServer, stopServer } = await import('./bench-gedcom-api.mjs')

const people = Number(process.env.BENCH_TIMELINE_PEOPLE ?? 20000)
const rounds = Number(process.env.BENCH_TIMELINE_ROUNDS ?? 20)
const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/** Couples (I2k, I2k+1) whose children are the next couple's partners: a long line with a birthday every day of the year. */
function gedcom(count) {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8']
  for (let i = 0; i < count; i += 1) {
    const year = 1700 + Math.floor((i / count) * 300)
    lines.push(`0 @I${i}@ INDI`, `1 NAME Persona${i} /Apellido${i % 97}/`, `1 SEX ${i % 2 ? 'F' : 'M'}`, '1 BIRT', `2 DATE ${1 + (i % 28)} ${months[i % 12]} ${year}`)
    if (year < 1930) lines.push('1 DEAT', `2 DATE ABT ${year + 70}`)
    lines.push(`1 FAMS @F${i >> 1}@`)
    if (i >= 2) lines.push(`1 FAMC @F${(i >> 1) - 1}@`)
  }
  for (let f = 0; f < count / 2; f += 1)
    lines.push(`0 @F${f}@ FAM`, `1 HUSB @I${2 * f}@`, `1 WIFE @I${2 * f + 1}@`, '1 MARR', `2 DATE ${1 + (f % 28)} ${months[(f + 5) % 12]} ${1720 + Math.floor((f / count) * 600)}`)
  lines.push('0 TRLR', '')
  return lines.join('\n')
}

async function timed(url, cookie) {
  const started = performance.now()
  const response = await fetch(`${base}${url}`, { headers: { cookie, 'accept-encoding': 'gzip' } })
  const body = await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return { ms: performance.now() - started, bytes: body.byteLength }
}

buildIfNeeded()
const server = await startServer({})
try {
  const owner = await signUp('linea')
  await importGedcom(owner, gedcom(people))
  const tree = await json('/api/family-tree', owner)
  const middle = tree.members.find((member) => member.firstName === `Persona${Math.floor(people / 2)}`)
  const reads = {
    'one person': `/api/timeline/members/${middle.memberId}`,
    'family, page 1': '/api/timeline/family',
    'a branch, page 1': `/api/timeline/family?branch=${middle.memberId}`,
    'on this day': '/api/dashboard/on-this-day?today=2026-12-27',
  }
  const times = Object.fromEntries(Object.keys(reads).map((name) => [name, []]))
  const sizes = {}
  for (const url of Object.values(reads)) await timed(url, owner)
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, url] of Object.entries(reads)) {
      const { ms, bytes } = await timed(url, owner)
      times[name].push(ms)
      sizes[name] = bytes
    }
  }
  console.log(`\nTimelines over a tree of ${people.toLocaleString('en')} people, each read ${rounds} times in turns:`)
  for (const [name, list] of Object.entries(times)) {
    list.sort((a, b) => a - b)
    console.log(
      `  ${name.padEnd(17)} p50 ${percentile(list, 50).toFixed(0).padStart(5)} ms  p90 ${percentile(list, 90).toFixed(0).padStart(5)} ms  ${(sizes[name] / 1024).toFixed(1).padStart(7)} KiB`,
    )
  }
} finally {
  await stopServer(server)
}
