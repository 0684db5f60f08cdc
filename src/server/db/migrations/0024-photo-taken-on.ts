import type { Kysely } from 'kysely'

// Frozen in time: this file imports nothing from src/.
// The day a photo was taken, read from its EXIF when an upload completes, so a life's timeline can
// place it. Photos stored before stay null until `npm run backfill-taken-on` reads them again.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_asset').addColumn('taken_on', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_asset').dropColumn('taken_on').execute()
}
