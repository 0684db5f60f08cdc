import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { initTestI18n } from './i18n.ts'

await initTestI18n()
afterEach(() => cleanup())
