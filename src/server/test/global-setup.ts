import type { TestProject } from 'vitest/node'
import { compileGedcomReader } from './gedcom-reader.ts'
import { prepareTestDatabases } from './test-databases.ts'

/** vitest's global set-up of the server tests: the migrated template databases and the compiled GEDCOM reader. */
export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const removeDatabases = await prepareTestDatabases()
  const reader = await compileGedcomReader()
  project.onTestsRerun(() => reader.recompile())
  return async () => {
    reader.remove()
    await removeDatabases()
  }
}
