import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * Test files that replace a module with `vi.mock`. The other files of a project share one module
 * graph per worker (`isolate: false`), which spares each file importing the app anew (most of a
 * small file's time); a replaced module must not reach, or miss, another file through that graph.
 */
function filesReplacingModules(roots: string[]): string[] {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => path.posix.join(root, name.split(path.sep).join('/')))
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8'))),
  )
}

/** `project` as a shared-graph project, and its files that replace modules as an isolated one. */
function withIsolatedMocks(project: TestProjectInlineConfiguration & { test: { name: string; include: string[] } }, roots: string[]): TestProjectInlineConfiguration[] {
  const mocking = filesReplacingModules(roots)
  const shared = { ...project, test: { ...project.test, isolate: false, exclude: [...configDefaults.exclude, ...mocking] } }
  if (mocking.length === 0) return [shared]
  return [shared, { ...project, test: { ...project.test, name: `${project.test.name}-mocks`, include: mocking } }]
}

export default defineConfig({
  test: {
    // Every core (vitest's default leaves one idle): a server test file spends most of its time
    // waiting for a database, a child process or a timer, which another file's work fills.
    maxWorkers: os.availableParallelism(),
    projects: [
      ...withIsolatedMocks(
        {
          test: {
            name: 'server',
            include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['src/server/test/global-setup.ts'],
            testTimeout: 20_000,
            hookTimeout: 30_000,
          },
        },
        ['src/server', 'src/shared', 'scripts'],
      ),
      ...withIsolatedMocks(
        {
          plugins: [react()],
          define: { __LOCALES_VERSION__: JSON.stringify('test'), __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
          test: {
            name: 'web',
            include: ['src/web/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            setupFiles: ['src/web/test/setup.ts'],
            testTimeout: 15_000,
          },
        },
        ['src/web'],
      ),
    ],
  },
})
