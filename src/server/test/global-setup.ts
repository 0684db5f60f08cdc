import { prepareTestDatabases } from './test-databases.ts'

/** vitest's global set-up of the server tests: the migrated template databases (see test-databases.ts). */
export default prepareTestDatabases
