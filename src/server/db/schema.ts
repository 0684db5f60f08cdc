import type { AiLabTables } from '../features/ai-lab/ai-lab.tables.ts'
import type { AccountTables } from '../features/account/account.tables.ts'
import type { BookTables } from '../features/book/book.tables.ts'
import type { BiographyTables } from '../features/biography/biography.tables.ts'
import type { ContactTables } from '../features/contact/contact.tables.ts'
import type { DreamDiaryTables } from '../features/dream-diary/dream-diary.tables.ts'
import type { FactTables } from '../features/facts/facts.tables.ts'
import type { GedcomImportTables } from '../features/gedcom/gedcom.tables.ts'
import type { FamilyTreeTables } from '../features/family-tree/family-tree.tables.ts'
import type { InterviewTables } from '../features/interviews/interviews.tables.ts'
import type { ListeningTables } from '../features/listening/listening.tables.ts'
import type { MediaTables } from '../features/media/media.tables.ts'
import type { ChatConversationTables } from '../lib/chat/conversations.ts'
import type { CollectionVersionTables } from '../lib/collection-versions.ts'
import type { JobTables } from '../lib/jobs/job.tables.ts'

/** Every table, as repositories see it. Each feature declares its own in `<feature>.tables.ts`. */
export interface Database
  extends
    AccountTables,
    BiographyTables,
    BookTables,
    DreamDiaryTables,
    ContactTables,
    FamilyTreeTables,
    FactTables,
    GedcomImportTables,
    MediaTables,
    InterviewTables,
    AiLabTables,
    CollectionVersionTables,
    ChatConversationTables,
    JobTables,
    ListeningTables {}
