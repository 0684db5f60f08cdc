import type { ColumnType, Selectable } from 'kysely'

type Instant = ColumnType<Date | string, string, string>

/** better-auth's user row, as repositories see it (camelCase through the case plugin). */
export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: boolean | number
  image: string | null
  createdAt: Instant
  updatedAt: Instant
  birthDate: string | null
  familyRelation: string | null
  preferredLanguage: string | null
}
export type UserRow = Selectable<UserTable>

/** better-auth's session row: the cookie carries `token`, signed. */
export interface SessionTable {
  id: string
  token: string
  userId: string
  expiresAt: Instant
  createdAt: Instant
  updatedAt: Instant
  ipAddress: string | null
  userAgent: string | null
}

export interface AccountTables {
  user: UserTable
  session: SessionTable
}
