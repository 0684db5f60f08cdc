// A viewer's tree read next to its owner's, on the built server: a tree of BENCH_VIEWER_PEOPLE
// people (5,000 by default; half of them living, with dates and places) is imported through the
// API, a second person joins it as a viewer through an invitation, and both read it in turns. The
// viewer's read closes the living (name and relation only) on the way out: the goal is at most
// 1.2 times the owner's.
import { buildIfNeeded } from './build-if-needed.mjs'

process.env.BENCH_GEDCOM_PORT ??= process.env.BENCH_VIEWER_PORT ?? '3513'
const { base, importGedcom, json, percentile, signUp, startServer, stopServer } = await import('./bench-gedcom-api.mjs')

const people = Number(process.env.BENCH_VIEWER_PEOPLE ?? 5000)
const rounds = Number(process.env.BENCH_VIEWER_ROUNDS ?? 40)

/** Couples of four generations' worth of people; every other person was born after 1930 and lives. */
function gedcom(count) {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8']
  for (let i = 0; i < count; i += 1) {
    const living = i % 2 === 0
    lines.push(
      `0 @I${i}@ INDI`,
      `1 NAME Persona${i} /Apellido${i % 97}/`,
      `1 SEX ${i % 2 ? 'F' : 'M'}`,
      '1 BIRT',
      `2 DATE ${living ? 1940 + (i % 70) : 1800 + (i % 100)}`,
      '2 PLAC Pasto, Nariño',
    )
    if (!living) lines.push('1 DEAT', `2 DATE ${1870 + (i % 100)}`)
    if (i % 2 === 1) lines.push(`1 FAMS @F${i}@`)
  }
  for (let i = 1; i < count; i += 2) lines.push(`0 @F${i}@ FAM`, `1 HUSB @I${i - 1}@`, `1 WIFE @I${i}@`, '1 MARR', '2 DATE 1960', '2 PLAC Quito')
  lines.push('0 TRLR', '')
  return lines.join('\n')
}

async function timedRead(cookie) {
  const started = performance.now()
  const response = await fetch(`${base}/api/family-tree`, { headers: { cookie, 'accept-encoding': 'gzip' } })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`the tree answered ${response.status}`)
  return performance.now() - started
}

buildIfNeeded()
const server = await startServer({})
try {
  const [owner, viewer] = [await signUp('duena'), await signUp('mira')]
  await importGedcom(owner, gedcom(people))
  const { trees } = await json('/api/trees', owner)
  const { url } = await json(`/api/trees/${trees[0].treeId}/invitations`, owner, { method: 'POST', body: JSON.stringify({ role: 'viewer' }) })
  await json(`/api/invitations/${url.slice(url.lastIndexOf('/') + 1)}/accept`, viewer, { method: 'POST', body: '{}' })

  // A warm-up for each, then reads in turns so both meet the same machine.
  await timedRead(owner)
  await timedRead(viewer)
  const times = { owner: [], viewer: [] }
  for (let round = 0; round < rounds; round += 1) {
    times.owner.push(await timedRead(owner))
    times.viewer.push(await timedRead(viewer))
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b)
  const line = (label, list) => `  ${label.padEnd(7)} p50 ${percentile(list, 50).toFixed(0).padStart(5)} ms  p90 ${percentile(list, 90).toFixed(0).padStart(5)} ms`
  console.log(`\nA tree of ${people.toLocaleString('en')} people read ${rounds} times by its owner and by a viewer, in turns:`)
  console.log(line('owner', times.owner))
  console.log(line('viewer', times.viewer))
  console.log(`  viewer / owner at p50: ${(percentile(times.viewer, 50) / percentile(times.owner, 50)).toFixed(2)}× (goal ≤ 1.2×)`)
} finally {
  await stopServer(server)
}
