import type { TestProject } from 'vitest/node'
import { compileGedcomThreads } from './gedcom-threads.ts'
import { prepareTestDatabases } from './test-databases.ts'

/** vitest's global set-up of the server tests: the migrated template databases and the compiled GEDCOM reader and writer. */
export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const removeDatabases = await prepareTestDatabases()
  const threads = await compileGedcomThreads()
  project.onTestsRerun(() => threads.recompile())
  return async () => {
    threads.remove()
    await removeDatabases()
  }
}
