// What the server was doing in its longest tasks: the late returns of its event loop that
// loop-watch.mjs noted (BENCH_LOOP_WATCH_FILE), the longest in CPU time first, each with the
// functions a CPU profile of the same run (BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=…")
// sampled most in it. Both use the machine's monotonic clock.
//   node scripts/long-tasks.mjs <loop-watch.txt> <CPU.….cpuprofile> [tasks, 12]
import { readFileSync } from 'node:fs'

const [watchFile, profileFile, countArg] = process.argv.slice(2)
if (!watchFile || !profileFile) {
  console.error('usage: node scripts/long-tasks.mjs <loop-watch.txt> <file.cpuprofile> [tasks]')
  process.exit(2)
}
const count = Number(countArg ?? 12)
const tasks = readFileSync(watchFile, 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split(' ').map(Number))
  .map(([started, ended, cpuMs, lateMs]) => ({ started, ended, cpuMs, lateMs }))
  .sort((a, b) => b.cpuMs - a.cpuMs)
const profile = JSON.parse(readFileSync(profileFile, 'utf8'))
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const parentOf = new Map()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)

/** A frame as `name file:line`. */
const where = (node) => {
  const { functionName, url, lineNumber } = node.callFrame
  const short = url ? url.replace(/^.*\/(dist|node_modules)\//, '$1/') : ''
  return `${functionName || '(anonymous)'}${short ? ` ${short}:${lineNumber + 1}` : ''}`
}
/** The frames of our own code (dist/server) on the sample's stack, innermost first, as one line. */
const ownStack = (id) => {
  const frames = []
  for (let at = id; at !== undefined && frames.length < 3; at = parentOf.get(at)) {
    const node = nodes.get(at)
    if (node.callFrame.url.includes('/dist/server/')) frames.push(where(node).replace(/ dist\/server\/server\//, ' '))
  }
  return frames.join(' < ') || where(nodes.get(id))
}

const sampleAt = []
let time = profile.startTime
for (let index = 0; index < profile.samples.length; index += 1) {
  time += profile.timeDeltas[index]
  sampleAt.push([time / 1000, profile.samples[index]])
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, hits]) => `${String(hits).padStart(5)}  ${name}`)

console.log(`${tasks.length} late returns of the loop; the ${Math.min(count, tasks.length)} longest in CPU time:`)
for (const task of tasks.slice(0, count)) {
  const own = new Map()
  const self = new Map()
  for (const [at, id] of sampleAt) {
    if (at < task.started || at > task.ended) continue
    const name = nodes.get(id).callFrame.functionName
    if (name === '(idle)') continue
    own.set(ownStack(id), (own.get(ownStack(id)) ?? 0) + 1)
    self.set(where(nodes.get(id)), (self.get(where(nodes.get(id))) ?? 0) + 1)
  }
  console.log(`\n${task.cpuMs.toFixed(0)} ms of CPU (${task.lateMs.toFixed(0)} ms late), samples by our code:`)
  for (const line of top(own, 5)) console.log(`  ${line}`)
  console.log('  by function:')
  for (const line of top(self, 4)) console.log(`  ${line}`)
}
