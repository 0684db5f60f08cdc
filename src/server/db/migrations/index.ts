import type { Migration } from 'kysely'
import * as m0001 from './0001-accounts.ts'
import * as m0002 from './0002-dreams-and-contact.ts'
import * as m0003 from './0003-family-tree.ts'
import * as m0004 from './0004-media.ts'
import * as m0005 from './0005-biography.ts'
import * as m0006 from './0006-interviews.ts'
import * as m0007 from './0007-ai-lab.ts'
import * as m0008 from './0008-genealogy.ts'
import * as m0009 from './0009-gedcom-import.ts'
import * as m0010 from './0010-collection-versions.ts'
import * as m0011 from './0011-marriages-and-child-order.ts'
import * as m0012 from './0012-gedcom-kept.ts'
import * as m0013 from './0013-upload-reservations.ts'
import * as m0014 from './0014-jobs.ts'
import * as m0015 from './0015-owner-pages.ts'
import * as m0016 from './0016-owner-prefix-indexes.ts'
import * as m0017 from './0017-conversations.ts'
import * as m0018 from './0018-conversation-indexes.ts'
import * as m0019 from './0019-family-circle.ts'
import * as m0020 from './0020-heard-facts.ts'
import * as m0021 from './0021-listening-links.ts'
import * as m0022 from './0022-books.ts'
import * as m0023 from './0023-search.ts'
import * as m0024 from './0024-photo-taken-on.ts'
import * as m0026 from './0026-family-tree-version.ts'
import * as m0028 from './0028-search-newest-by-owner.ts'
import * as m0029 from './0029-member-names-by-owner.ts'
import * as m0030 from './0030-search-words.ts'
import * as m0031 from './0031-search-words-wait-for-prunes.ts'

/** Every migration, in order. Names are permanent: never rename or edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-dreams-and-contact': m0002,
  '0003-family-tree': m0003,
  '0004-media': m0004,
  '0005-biography': m0005,
  '0006-interviews': m0006,
  '0007-ai-lab': m0007,
  '0008-genealogy': m0008,
  '0009-gedcom-import': m0009,
  '0010-collection-versions': m0010,
  '0011-marriages-and-child-order': m0011,
  '0012-gedcom-kept': m0012,
  '0013-upload-reservations': m0013,
  '0014-jobs': m0014,
  '0015-owner-pages': m0015,
  '0016-owner-prefix-indexes': m0016,
  '0017-conversations': m0017,
  '0018-conversation-indexes': m0018,
  '0019-family-circle': m0019,
  '0020-heard-facts': m0020,
  '0021-listening-links': m0021,
  '0022-books': m0022,
  '0023-search': m0023,
  '0024-photo-taken-on': m0024,
  '0026-family-tree-version': m0026,
  '0028-search-newest-by-owner': m0028,
  '0029-member-names-by-owner': m0029,
  '0030-search-words': m0030,
  '0031-search-words-wait-for-prunes': m0031,
}
