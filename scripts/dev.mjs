// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server in front of it.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3000'
const children = [
  spawn('node', ['node_modules/.bin/tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: apiPort },
  }),
  spawn('node', ['node_modules/.bin/vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
