// Builds the web app and the server when a build is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverEntry = path.join(root, 'dist/server/server/main.js')
const outputs = [path.join(root, 'dist/web/index.html'), serverEntry]
const sources = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/prerender.mjs', 'tsconfig.base.json', 'tsconfig.server.json', 'tsconfig.web.json']

function newestMtime(target) {
  let stat
  try {
    stat = statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs)
}

export function buildIfNeeded() {
  const built = Math.min(...outputs.map((file) => newestMtime(file)))
  const changed = Math.max(...sources.map((source) => newestMtime(path.join(root, source))))
  if (built > 0 && built >= changed) return
  console.log(built === 0 ? 'Building Legado for the first time…' : 'Sources changed since the last build: rebuilding…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded()
