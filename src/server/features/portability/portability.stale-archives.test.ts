import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-stale-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

it('removes at start the import archives a crash left behind, and nothing else', async () => {
  const imports = path.join(dataDir, 'imports')
  mkdirSync(imports, { recursive: true })
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
  const file = (name: string, old: boolean) => {
    writeFileSync(path.join(imports, name), 'PK')
    if (old) utimesSync(path.join(imports, name), twoDaysAgo, twoDaysAgo)
    return path.join(imports, name)
  }
  const abandoned = file('import-abandoned.zip', true)
  const inProgress = file('import-being-read.zip', false)
  const notOurs = file('notas-del-operador.txt', true)

  const t = await createTestApp('sqlite', { DATA_DIR: dataDir })
  try {
    expect(existsSync(abandoned)).toBe(false)
    expect(existsSync(inProgress)).toBe(true)
    expect(existsSync(notOurs)).toBe(true)
  } finally {
    await t.close()
  }
})
