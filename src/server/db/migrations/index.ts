import type { Migration } from 'kysely'
import * as m0001 from './0001-accounts.ts'
import * as m0002 from './0002-dreams-and-contact.ts'

/** Every migration, in order. Names are permanent: never rename or edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-dreams-and-contact': m0002,
}
