import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { keepDataPrivate } from './lib/private-files.ts'
import { freePort, signUpOver, startServerProcess } from './test/server-process.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const modeOf = (file: string) => statSync(file).mode & 0o777

describe('the data folder is for the server’s user alone', () => {
  it('closes a data folder left open to others, and writes the database and the secret 0600', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-private-'))
    folders.push(dataDir)
    chmodSync(dataDir, 0o755)
    const server = await startServerProcess(dataDir, await freePort())
    try {
      await signUpOver(server.base, 'privada@example.com')
      expect(modeOf(dataDir)).toBe(0o700)
      for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name)
        expect(modeOf(file) & 0o077, `${file} is open to others`).toBe(0)
      }
      expect(modeOf(path.join(dataDir, 'auth-secret'))).toBe(0o600)
      expect(modeOf(path.join(dataDir, 'legado.db'))).toBe(0o600)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  })

  it('leaves alone a folder that is already private', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-private-'))
    folders.push(dataDir)
    chmodSync(dataDir, 0o700)
    const umask = process.umask()
    try {
      expect(keepDataPrivate(dataDir)).toEqual({ tightened: false })
    } finally {
      process.umask(umask)
    }
  })
})
