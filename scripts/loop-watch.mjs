// Loaded into the server by a bench (`node --import ./scripts/loop-watch.mjs`): a timer every 5 ms
// notes each time the event loop came back late, and how much CPU the server's main thread used
// meanwhile (the kernel's count of its time on a CPU). On a busy machine the lateness also holds
// the time the process waited for a CPU, which no code of ours can remove; the CPU time is what a
// request would have waited on a quiet machine, the length of the task that held the thread.
// Appends `started ended cpuMs lateMs waitMs` (monotonic clock, ms; waitMs the time the thread was
// ready to run but waited for a CPU) to LOOP_WATCH_FILE for every late return of 20 ms or more. Worker threads inherit the server's flags and so load this file too: only
// the main thread watches, since a worker's long run (an export written on its own thread) holds no
// request, and counting it would blame the request thread for it.
import { appendFileSync, readFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.LOOP_WATCH_FILE
const everyMs = 5
const reportFromMs = 20

/** Nanoseconds the calling thread (the main one here) has run on a CPU, and waited for one while ready to run. */
const schedNs = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').slice(0, 2).map(Number)
const nowMs = () => Number(process.hrtime.bigint()) / 1e6

if (file && isMainThread) {
  let lastAt = nowMs()
  let [lastCpu, lastWait] = schedNs()
  const timer = setInterval(() => {
    const at = nowMs()
    const [cpu, wait] = schedNs()
    const lateMs = at - lastAt - everyMs
    if (lateMs >= reportFromMs)
      appendFileSync(file, `${lastAt.toFixed(1)} ${at.toFixed(1)} ${((cpu - lastCpu) / 1e6).toFixed(1)} ${lateMs.toFixed(1)} ${((wait - lastWait) / 1e6).toFixed(1)}\n`)
    lastAt = nowMs()
    ;[lastCpu, lastWait] = schedNs()
  }, everyMs)
  timer.unref()
}
