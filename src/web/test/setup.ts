import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { initTestI18n } from './i18n.ts'

// The test files of a worker share one window (vitest's isolate: false); this file runs before
// each of them, so each starts as a new tab would: nothing stored, no cookies, at the root.
localStorage.clear()
sessionStorage.clear()
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim()
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}
window.history.replaceState(null, '', '/')

// Code a component loads when first needed (the member form) is transformed by vitest on the
// first file that asks for it: longer than the default second on a machine busy with two workers.
configure({ asyncUtilTimeout: 5_000 })

await initTestI18n()
afterEach(() => cleanup())
