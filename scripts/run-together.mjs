/**
 * Runs the given shell commands at once and prints each one's output, whole, when it ends: the
 * checks of `npm test` are independent, and one after another they left a core of two idle
 * (tsc and ESLint run on one thread). Exits with 1 when any of them failed, after all have ended.
 *
 * Usage: node scripts/run-together.mjs '<command>' '<command>' …
 */
import { spawn } from 'node:child_process'

const commands = process.argv.slice(2)
const started = performance.now()
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
        const output = []
        child.stdout.on('data', (chunk) => output.push(chunk))
        child.stderr.on('data', (chunk) => output.push(chunk))
        child.on('close', (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1)
          const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`
          const text = Buffer.concat(output).toString()
          process.stdout.write(`── ${command}: ${outcome} after ${seconds} s\n${text}${text === '' || text.endsWith('\n') ? '' : '\n'}`)
          resolve(code === 0)
        })
      }),
  ),
)
process.exitCode = results.every(Boolean) ? 0 : 1
