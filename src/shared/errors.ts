/**
 * The one error vocabulary shared by server, web and API clients.
 * Every error answer is `{ error: { code, message, details? } }`; `code` is stable, `message` is
 * English for logs and API clients, and the web shows its own translation of `errors.<code>`.
 */
export const errorStatus = {
  validation_failed: 400,
  unauthenticated: 401,
  'auth.invalid_credentials': 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  'auth.email_taken': 409,
  /** A password-reset link already used, past its hour, or never made: a new one can be asked. */
  'auth.reset_link_invalid': 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  ai_blocked: 422,
  ai_invalid_key: 502,
  ai_unavailable: 503,
  'biography.no_self_member': 409,
  /** One member was asked for and the person has no family tree yet (a page can then lead them to start it). */
  'family_tree.no_tree': 404,
  /** The self member's story is the biography's (Cronos), not an interview. */
  'interview.self_member': 409,
  /** The person's files fill their storage quota (docs/product.md#media). */
  'media.quota_exceeded': 507,
  /** The file given to import is not a Legado export (not a zip, or no manifest of ours). */
  'portability.not_an_export': 422,
  /** An export written by a later version of Legado, whose format this one does not know. */
  'portability.unsupported_version': 422,
  /** An archive built to harm: names climbing out of it, sizes that lie, encryption, duplicates. */
  'portability.unsafe_archive': 422,
  /** A file sent as GEDCOM that is not one: no header and nobody in it. */
  'gedcom.not_gedcom': 422,
  /** A zip sent as GEDZIP with no .ged inside. */
  'gedcom.no_gedcom_in_zip': 422,
  /** The tree holds as many people as one account may keep (`limits.membersPerTree`). */
  'limit.members_per_tree': 422,
  /** A person would be a partner in more unions than one person may have (`limits.unionsPerMember`). */
  'limit.unions_per_member': 422,
  /** A member has as many interview sessions as may be kept about one person (`limits.interviewSessionsPerMember`). */
  'limit.sessions_per_member': 422,
  /** A GEDCOM file with more people than one tree may hold (`TREE_MAX_MEMBERS`). */
  'gedcom.too_many_people': 413,
  /** A GEDCOM file with more families than `limits.gedcomFamiliesPerFile`. */
  'gedcom.too_many_families': 413,
  /** Reading the file needed more memory or time than the server gives one reader. */
  'gedcom.too_complex': 413,
  /** An export archive with more rows of one kind than an account may keep (`limits.importRowsPerKind`, or a tree's people). */
  'portability.too_many_rows': 413,
  /** A job stopped: it ran past its time, was cancelled, or its server stopped and it was not safe to run again. */
  'job.timed_out': 504,
  'job.cancelled': 409,
  'job.interrupted': 503,
  /** The person already has as many jobs of this kind under way as they may (an import waiting or running). */
  'job.too_many': 429,
  /** A person keeps as many books as they may; one must go before another is made. */
  'book.too_many': 409,
  /** One of the person's books is being made: one at a time. */
  'book.in_progress': 429,
  /** The choices leave nothing to print. */
  'book.empty': 422,
  /** The book is still being made (or failed): there is no file to download. */
  'book.not_ready': 409,
  /** A chapter of photos only: there are no words to retell. */
  'book.nothing_to_retell': 422,
  /** A chapter longer than a model is given at once. */
  'book.chapter_too_long': 413,
  /** An invitation link past its date. */
  'invitation.expired': 410,
  /** An invitation its sender withdrew. */
  'invitation.revoked': 410,
  /** An invitation already accepted or declined: a link works once. */
  'invitation.used': 410,
  /** The owner stays in their tree and keeps their role until they hand it over. */
  'circle.owner_stays': 409,
  /** The account a tree's rows are kept under stays in it. */
  'circle.holder_stays': 409,
  /** A member already linked to someone's account. */
  'circle.member_linked': 409,
  /** A heard fact that says otherwise than the tree: accepting it needs `replace` (the answer carries both). */
  'facts.contradicts': 409,
  /** A heard fact someone accepted or dismissed meanwhile. */
  'facts.decided': 409,
  /** A marriage heard about a person with no partner in the tree to hold it: add the partner first. */
  'facts.no_union': 409,
  /** A brother or sister heard about a person with no parents in the tree to link them by: add the parents first. */
  'facts.no_parents': 409,
} as const

export type ErrorCode = keyof typeof errorStatus

/** Codes of single fields inside a `validation_failed` answer (`details[].code`). */
export const fieldErrorCodes = [
  'validation.required',
  'validation.invalid',
  'validation.too_long',
  'validation.invalid_email',
  'validation.invalid_date',
  'validation.date_in_future',
  /** A line break, tab or other control character in a one-line field (a name, a place, a title). */
  'validation.single_line',
  'auth.password_too_short',
  'auth.password_too_common',
  /** The current password given to change it is not the account's. */
  'auth.wrong_password',
  'dream.description_required',
  'contact.name_required',
  'contact.message_required',
  'member.first_name_required',
  'member.last_name_required',
  'member.relationship_required',
  'member.too_many_parents',
  'member.child_has_two_parents',
  'member.death_date_requires_deceased',
  'member.death_before_birth',
  'member.divorce_before_marriage',
  'member.self_exists',
  'member.unknown_relative',
  'member.related_to_itself',
  'member.cycle',
  'member.duplicate_relative',
  /** A date range whose end comes before its start ("entre 1925 y 1920"). */
  'member.date_range_reversed',
  /** A union id that is not one of the member's unions. */
  'member.unknown_union',
  'media.no_file',
  /** A corrected answer left empty: the words can change, not vanish. */
  'chat.answer_required',
  'biography.content_required',
  'biography.message_required',
  'interview.member_required',
  'interview.message_required',
  'aiLab.memory_required',
  'aiLab.original_required',
  'aiLab.variation_required',
  /** A search with no words. */
  'search.query_required',
  'aiLab.dream_required',
] as const

export type FieldErrorCode = (typeof fieldErrorCodes)[number]

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `content` or `members.0.firstName`. */
  path: string
  code: FieldErrorCode
  /** Values for the message, e.g. `{ names: 'Ana → Luis → Ana' }` for `member.cycle`. */
  params?: Record<string, string>
}

export interface ErrorBody {
  error: {
    code: ErrorCode
    message: string
    details?: FieldIssue[]
    /** With `payload_too_large`: the most the route that refused accepts, so the message can say it. */
    maxBytes?: number
    /**
     * With `conflict` from an edit that said what it had read (`expectedUpdatedAt`): the thing as
     * stored now, in the shape the route answers it, so the client can say what changed meanwhile.
     */
    current?: unknown
  }
}

export function isFieldErrorCode(value: string): value is FieldErrorCode {
  return (fieldErrorCodes as readonly string[]).includes(value)
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const error = (value as { error: unknown }).error
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
}
