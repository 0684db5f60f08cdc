import { randomUUID } from 'node:crypto'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { strToU8, unzipSync, zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mayChangeItem, roleMay, type TreeAction, type TreeRole } from '../shared/family-tree/roles.ts'
import { geminiSettings, startFakeGemini } from './test/fake-gemini.ts'
import { gedcomUpload, multipartFile } from './test/multipart.ts'
import { as, cookieHeader, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from './test/test-app.ts'
import { webmHeader } from './test/media-fixtures.ts'
import { encodeMetadata, tusClient, tusHeaders } from './test/tus-client.ts'

// The role matrix: every API route of the app's route table, called as each kind of person, with
// the outcome the policy (roles.ts) says. The owner's tree is shared with an editor, a contributor
// and a viewer (each joined through an invitation that linked them to a card); someone else is an
// editor of another family's tree; an outsider has no relation; one person has signed out.
//
// A person acts on the tree their pages show, with their role there: the owner's things are in the
// members' tree and in nobody else's, so a stranger to it meets 404 (hidden), while a role that may
// not do something meets 403 (refused). A route that names nothing (the whole tree, a new member,
// a GEDCOM file) acts on the caller's own tree. Personal routes (biography, dreams, AI lab, account)
// are the caller's own data whoever calls. A route that changes something gets a fresh target for
// each call that should succeed, so one person's 2xx does not turn the next call into a 404.

const persons = ['owner', 'editor', 'contributor', 'viewer', 'otherTree', 'outsider', 'signedOut'] as const
type Person = (typeof persons)[number]
const memberRoles = ['owner', 'editor', 'contributor', 'viewer'] as const satisfies readonly TreeRole[]

/**
 * allowed: 2xx. refused: 403 forbidden. hidden: 404 not_found. unauthenticated: 401.
 * rejected: the route was reached and refused what was sent on purpose (a wrong password, a file
 * that is not an archive), as it would for anyone: a 4xx that is none of the above.
 */
type Outcome = 'allowed' | 'refused' | 'hidden' | 'unauthenticated' | 'rejected'
type Row = Record<Person, Outcome>

/** Someone in another family's tree is its editor: the most they can be short of owning it. */
const otherTreeRole: TreeRole = 'editor'

const may = (allowed: boolean): Outcome => (allowed ? 'allowed' : 'refused')

/** Routes that name something of the owner's tree: its members by their role, everyone else finds nothing (after their own role's check). */
function ofTheTree(action: TreeAction): Row {
  return {
    ...membersBy((role) => may(roleMay(role, action))),
    otherTree: roleMay(otherTreeRole, action) ? 'hidden' : 'refused',
    outsider: 'hidden',
    signedOut: 'unauthenticated',
  }
}

/** Routes that act on the tree the caller's pages show and name nothing in it: others act on their own tree. */
function onTheirTree(action: TreeAction): Row {
  return { ...ofTheTree(action), otherTree: may(roleMay(otherTreeRole, action)), outsider: 'allowed' }
}

/** Routes that name the owner's tree by its id: its people by their role; to anyone else it does not exist. */
function theTreeById(action: TreeAction | 'member'): Row {
  return { ...membersBy((role) => may(action === 'member' || roleMay(role, action))), otherTree: 'hidden', outsider: 'hidden', signedOut: 'unauthenticated' }
}

/** Changing something of the tree that `author` added (role names stand for the people). */
function addedBy(author: TreeRole): Row {
  return { ...membersBy((role) => may(mayChangeItem(role, role, author, 'owner'))), otherTree: 'hidden', outsider: 'hidden', signedOut: 'unauthenticated' }
}

/** Reading what is kept about a living person the owner has not opened up: a viewer meets a name and a relation, nothing by id. */
function ofTheLiving(): Row {
  return { ...membersBy((role) => (roleMay(role, 'tree.see-living') ? 'allowed' : 'hidden')), otherTree: 'hidden', outsider: 'hidden', signedOut: 'unauthenticated' }
}

/** Correcting the facts of one's own card: the person it is, whatever their role (the owner's own card is the owner's tree). */
const ownCard: Row = { owner: 'allowed', editor: 'allowed', contributor: 'allowed', viewer: 'allowed', otherTree: 'hidden', outsider: 'hidden', signedOut: 'unauthenticated' }

/** Saying which card is oneself: the tree's holder alone; in a tree shared with them a person is linked by an invitation. */
const holderOnly: Row = {
  ...membersBy((role) => may(role === 'owner' && roleMay(role, 'tree.edit'))),
  otherTree: 'refused',
  outsider: 'hidden',
  signedOut: 'unauthenticated',
}

/** The caller's own data: everyone signed in reaches theirs. */
const personal: Row = { owner: 'allowed', editor: 'allowed', contributor: 'allowed', viewer: 'allowed', otherTree: 'allowed', outsider: 'allowed', signedOut: 'unauthenticated' }
/** A personal route sent something its own rule refuses, the same for everyone signed in. */
const personalRejected: Row = { ...personal, owner: 'rejected', editor: 'rejected', contributor: 'rejected', viewer: 'rejected', otherTree: 'rejected', outsider: 'rejected' }
/** One of the owner's personal things, by its id: nobody else's, whatever their place in the tree. */
const theOwnersOwn: Row = { owner: 'allowed', editor: 'hidden', contributor: 'hidden', viewer: 'hidden', otherTree: 'hidden', outsider: 'hidden', signedOut: 'unauthenticated' }
/** Routes anyone may call, signed in or not. */
const everyone: Row = { ...personal, signedOut: 'allowed' }

function membersBy(outcome: (role: TreeRole) => Outcome): Pick<Row, TreeRole> {
  return Object.fromEntries(memberRoles.map((role) => [role, outcome(role)])) as Pick<Row, TreeRole>
}

/**
 * The table: route → what each person meets. A key may add `?variant` to tell apart two calls of
 * one route (whose thing is changed, a living person's file, a GEDZIP).
 */
const expectations: Record<string, Row> = {
  // Public
  'GET /api/health': everyone,
  'GET /api/session': everyone,
  'POST /api/auth/sign-up/email': everyone,
  'POST /api/auth/sign-in/email': everyone,
  'GET /api/auth/password-reset': everyone,
  'POST /api/auth/request-password-reset': everyone,
  'POST /api/auth/reset-password': { ...personalRejected, signedOut: 'rejected' },
  'POST /api/contact': everyone,
  'GET /api/auth/*': everyone,
  'POST /api/auth/*': everyone,
  'GET /api/invitations/:token': everyone,
  'POST /api/invitations/:token/decline': everyone,

  // The account and the person's own trees
  'GET /api/me': personal,
  'PATCH /api/me': personal,
  'DELETE /api/me': personalRejected,
  'GET /api/me/export': personal,
  'POST /api/me/import': personalRejected,
  'POST /api/auth/change-password': personalRejected,
  'GET /api/dashboard/recent': personal,
  'GET /api/me/reach': personal,
  'GET /api/trees': personal,
  'PUT /api/trees/active': personal,
  'POST /api/invitations/:token/accept': personal,
  // The owner has their card already; anyone else's is made in their own tree.
  'POST /api/family-tree/own-card': { ...personal, owner: 'rejected' },

  // The family tree
  'GET /api/family-tree': onTheirTree('tree.read'),
  'GET /api/family-tree/index': onTheirTree('tree.read'),
  'GET /api/family-tree/self-card': onTheirTree('tree.read'),
  // Ids of another tree are left out, never refused: the reader's own tree answers.
  'GET /api/family-tree/members': onTheirTree('tree.read'),
  'GET /api/family-tree/view': ofTheTree('tree.read'),
  'GET /api/dashboard/family-news': onTheirTree('tree.read'),
  'POST /api/dashboard/family-news/seen': onTheirTree('tree.read'),
  'GET /api/dashboard/on-this-day': onTheirTree('tree.read'),
  'GET /api/timeline/family': onTheirTree('tree.read'),
  'GET /api/timeline/family?branch': ofTheTree('tree.read'),
  // A viewer reads a living person's timeline too: their name, with nothing dated.
  'GET /api/timeline/members/:memberId': ofTheTree('tree.read'),
  'GET /api/timeline/members/:memberId?living': ofTheTree('tree.read'),
  'POST /api/family-tree/members': onTheirTree('tree.edit'),
  'GET /api/family-tree/members/:memberId': ofTheTree('tree.read'),
  'GET /api/family-tree/members/:memberId/shared-memories': ofTheTree('tree.read'),
  'GET /api/family-tree/members/:memberId?living': ofTheTree('tree.read'),
  'PATCH /api/family-tree/members/:memberId': ofTheTree('tree.edit'),
  'PATCH /api/family-tree/members/:memberId?own card': ownCard,
  'PATCH /api/family-tree/members/:memberId?own card, its links': ofTheTree('tree.edit'),
  'DELETE /api/family-tree/members/:memberId': ofTheTree('tree.edit'),
  'POST /api/family-tree/members/:memberId/is-me': holderOnly,
  'PUT /api/family-tree/members/:memberId/open-to-viewers': ofTheTree('circle.manage'),
  'DELETE /api/family-tree/members/:memberId/link': ofTheTree('circle.invite'),
  'DELETE /api/family-tree/members/:memberId/link?own card': ownCard,

  // The circle
  'GET /api/trees/:treeId/circle': theTreeById('member'),
  'POST /api/trees/:treeId/invitations': theTreeById('circle.invite'),
  'DELETE /api/trees/:treeId/invitations/:invitationId': theTreeById('circle.invite'),
  'PATCH /api/trees/:treeId/people/:userId': theTreeById('circle.manage'),
  'DELETE /api/trees/:treeId/people/:userId': theTreeById('circle.manage'),

  // GEDCOM
  'POST /api/family-tree/gedcom': onTheirTree('tree.import'),
  'POST /api/family-tree/gedcom?import': onTheirTree('tree.import'),
  'GET /api/family-tree/gedcom': onTheirTree('tree.export'),
  'GET /api/family-tree/gedcom?gdz': onTheirTree('tree.export'),
  'GET /api/family-tree/gedcom/imports/:id': ofTheTree('tree.import'),
  'DELETE /api/family-tree/gedcom/imports/:id': ofTheTree('tree.import'),

  // Interviews
  // Facts heard in conversations: read by the tree, decided by those who edit it
  'GET /api/facts': ofTheTree('tree.read'),
  'POST /api/facts/:id/accept': ofTheTree('tree.edit'),
  'POST /api/facts/:id/dismiss': ofTheTree('tree.edit'),

  'GET /api/interviews': ofTheTree('tree.read'),
  'GET /api/interviews/chat': ofTheTree('tree.read'),
  'GET /api/interviews/chat?living': ofTheTree('tree.read'),
  'POST /api/interviews/chat': ofTheTree('content.add'),
  'PATCH /api/interviews/:id': addedBy('owner'),
  'PATCH /api/interviews/:id?contributor’s': addedBy('contributor'),
  'DELETE /api/interviews/:id': addedBy('owner'),
  'DELETE /api/interviews/:id?contributor’s': addedBy('contributor'),
  'PATCH /api/interviews/conversations/:id': addedBy('owner'),
  'PATCH /api/interviews/conversations/:id?contributor’s': addedBy('contributor'),

  // Media
  'GET /api/media/limits': personal,
  'GET /api/media': ofTheTree('tree.read'),
  'GET /api/media?entryId': theOwnersOwn,
  'GET /api/media/:id': ofTheTree('tree.read'),
  'GET /api/media/:id?living': ofTheLiving(),
  'GET /api/media/:id/content': ofTheTree('tree.read'),
  'GET /api/media/:id/content?living': ofTheLiving(),
  'GET /api/media/:id/thumbnail': ofTheTree('tree.read'),
  'GET /api/media/:id/thumbnail?living': ofTheLiving(),
  'PATCH /api/media/:id': addedBy('owner'),
  'PATCH /api/media/:id?contributor’s': addedBy('contributor'),
  'DELETE /api/media/:id': addedBy('owner'),
  'DELETE /api/media/:id?contributor’s': addedBy('contributor'),
  'POST /api/media/:id/links': addedBy('owner'),
  'POST /api/media/:id/links?contributor’s': addedBy('contributor'),
  'POST /api/uploads': ofTheTree('content.add'),
  'PATCH /api/uploads/*': theOwnersOwn,
  'DELETE /api/uploads/*': theOwnersOwn,

  // Dreams
  'GET /api/dreams': personal,
  'POST /api/dreams': personal,
  'GET /api/dreams/:id': theOwnersOwn,
  'PATCH /api/dreams/:id': theOwnersOwn,
  'DELETE /api/dreams/:id': theOwnersOwn,

  // Biography
  'GET /api/biography/entries': personal,
  'POST /api/biography/entries': personal,
  'PATCH /api/biography/entries/:id': theOwnersOwn,
  'DELETE /api/biography/entries/:id': theOwnersOwn,
  'PUT /api/biography/entries/:id/share': theOwnersOwn,
  'DELETE /api/biography/entries/:id/share/:treeId': theOwnersOwn,
  'PATCH /api/biography/conversations/:id': theOwnersOwn,
  'GET /api/biography/chat': personal,
  'POST /api/biography/chat': personal,

  // AI lab
  'GET /api/ai-lab/status': personal,
  // Read from the caller's own told things and the tree their pages show, as they may see it.
  'GET /api/ai-lab/constellations': personal,
  'POST /api/ai-lab/variations': personal,
  'GET /api/ai-lab/memories': personal,
  'POST /api/ai-lab/memories': personal,
  'DELETE /api/ai-lab/memories/:id': theOwnersOwn,
  'PUT /api/ai-lab/memories/:id/share': theOwnersOwn,
  'DELETE /api/ai-lab/memories/:id/share/:treeId': theOwnersOwn,
  'GET /api/ai-lab/dream-readings': theOwnersOwn,
  'POST /api/ai-lab/dream-readings': theOwnersOwn,

  // Listening links: a recording is linked by its author alone, whatever anyone's role in the tree
  'GET /api/listening-links': personal,
  'DELETE /api/listening-links': personal,
  'POST /api/listening-links': theOwnersOwn,
  'DELETE /api/listening-links/:id': theOwnersOwn,

  // Life books: the author's own, told from the tree their pages show, as their role reads it
  'GET /api/books': personal,
  'POST /api/books/draft': ofTheTree('tree.read'),
  // Asked with nothing to put in: the tree's people are told so, nobody else finds the person.
  'POST /api/books': { ...ofTheTree('tree.read'), ...membersBy(() => 'rejected') },
  'POST /api/books/retell': ofTheTree('tree.read'),
  'GET /api/books/:id': theOwnersOwn,
  'GET /api/books/:id/pdf': theOwnersOwn,
  'POST /api/books/:id/cancel': theOwnersOwn,
  'DELETE /api/books/:id': theOwnersOwn,

  // Search: everyone finds what their role lets them see (the search tests hold which results)
  'GET /api/search': personal,
}

/**
 * tus's own verbs on paths that name no upload (the trailing-slash twins of the creation, which
 * the upload tests cover): not called here.
 */
const notCalled = new Set(['POST /api/uploads/', 'POST /api/uploads/*', 'PATCH /api/uploads', 'PATCH /api/uploads/', 'DELETE /api/uploads', 'DELETE /api/uploads/'])

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/')
const doneOf = (stream: { body: string }) => JSON.parse(stream.body.split('event: done\ndata: ')[1]!.split('\n')[0]!)
const emptyGedcom = '0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n'
const password = 'un-recuerdo-largo'
/** Words only the owner's personal data holds: nobody else's answer may carry them. */
const ownersPrivateWords = ['Volaba sobre el Cauca', 'La finca de Rosa', 'El río de Rosa']
/** Words of the owner's tree: nobody outside it may meet them. */
const wordsOfHerTree = ['Carmen', 'Cantaba boleros']
/** What was told about the living cousin: a viewer meets her name and relation, never this. */
const toldOfTheLiving = 'pintaba casas'

function outcomeOf(response: LightMyRequestResponse): Outcome | `unexpected ${number}` {
  const status = response.statusCode
  if (status >= 200 && status < 300) {
    // An event stream answers 200 before it knows: its error event is the answer.
    return response.headers['content-type']?.toString().includes('text/event-stream') && response.body.includes('event: error') ? `unexpected ${status}` : 'allowed'
  }
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'refused'
  if (status === 404) return 'hidden'
  if (status >= 400 && status < 500) return 'rejected'
  return `unexpected ${status}`
}

/** The text of an answer, a zip's files included, to look for the owner's words in. */
function textOf(response: LightMyRequestResponse): string {
  if (!response.headers['content-type']?.toString().includes('zip')) return response.body
  return Object.values(unzipSync(new Uint8Array(response.rawPayload)))
    .map((bytes) => Buffer.from(bytes).toString('utf8'))
    .join('\n')
}

describe.each(testDatabases)('what each kind of person meets on every API route, on %s', (database) => {
  let t: TestApp
  let gemini: Awaited<ReturnType<typeof startFakeGemini>>
  const people = {} as Record<Person, TestUser>
  /** What each person chooses to get back to the tree their pages showed. */
  const home = {} as Record<Person, object>
  /** Each linked member's own card. */
  const cardOf = {} as Record<'editor' | 'contributor' | 'viewer', string>
  let treeId: string
  let ownerSelf: string
  let grandmother: string
  let living: string
  let ownerFile: string
  let livingPhoto: string
  let interviewConversation: string
  let ownerSession: string
  let ownerFact: string
  let contributorSession: string
  let contributorConversation: string
  let contributorFile: string
  let gedcomImport: string
  let invitationToken: string
  let invitationId: string
  let dream: string
  let entry: string
  let biographyConversation: string
  let labMemory: string
  let ownerUpload: string
  let ownerRecording: string
  let ownerLink: string
  let ownerBook: string
  const grandmothersBook = () => ({ kind: 'person', memberId: grandmother, language: 'es' })
  const importJobs: { user: TestUser; id: string }[] = []
  const spareSessions: Partial<Record<Person, string>> = {}

  const call = (user: TestUser) => as(t.app, user)
  async function ok(user: TestUser, options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await call(user)(options)
    expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBeLessThan(300)
    return response
  }
  const addMember = async (user: TestUser, payload: object): Promise<string> =>
    (await ok(user, { method: 'POST', url: '/api/family-tree/members', payload: { lastName: 'Díaz', relationshipToOwner: 'Prima', ...payload } })).json().member.memberId
  const tell = async (user: TestUser, memberId: string, message: string) =>
    doneOf(await ok(user, { method: 'POST', url: '/api/interviews/chat', payload: { memberId, message } })).session as { id: string; conversation: { id: string } }
  async function upload(user: TestUser, memberId: string, bytes: Buffer, filename: string): Promise<string> {
    const tus = tusClient(t.app, user)
    const created = await tus.create(bytes.length, { filename, linkedToType: 'member', linkedToId: memberId })
    expect(created.statusCode, created.body).toBe(201)
    const finished = await tus.patch(String(created.headers.location), 0, bytes)
    expect(finished.statusCode, finished.body).toBe(204)
    return String(finished.headers['legado-media-id'])
  }
  /** A trade the owner told Ana about the grandmother: a fact waiting for a decision. */
  async function heardFact(): Promise<string> {
    const session = await tell(people.owner, grandmother, 'Trabajaba de sastre.')
    const open = (await ok(people.owner, { method: 'GET', url: `/api/facts?memberId=${grandmother}` })).json().open as { id: string; source: { id: string } }[]
    return open.find((fact) => fact.source.id === session.id)!.id
  }
  const letter = (user: TestUser) => upload(user, grandmother, Buffer.from('Una carta.'), 'carta.txt')
  /** A listening link the owner makes to her recording of the grandmother (each expiry a link of its own). */
  /** A book of the grandmother the owner makes, once it is made (one at a time, as the runner allows). */
  async function madeBook(): Promise<string> {
    const { id } = (await ok(people.owner, { method: 'POST', url: '/api/books', payload: grandmothersBook() })).json()
    while (/queued|running/.test((await ok(people.owner, { method: 'GET', url: `/api/books/${id}` })).json().status)) await new Promise((resolve) => setTimeout(resolve, 100))
    return id
  }
  const listeningLink = async (expiry = 'never'): Promise<string> =>
    (await ok(people.owner, { method: 'POST', url: '/api/listening-links', payload: { mediaId: ownerRecording, expiry } })).json().id
  async function invite(holder: TestUser, tree: string, payload: object): Promise<{ id: string; token: string }> {
    const created = (await ok(holder, { method: 'POST', url: `/api/trees/${tree}/invitations`, payload })).json()
    return { id: created.invitation.invitationId, token: created.url.slice(created.url.lastIndexOf('/') + 1) }
  }
  async function join(person: TestUser, holder: TestUser, tree: string, role: 'editor' | 'contributor' | 'viewer', memberId?: string): Promise<void> {
    const { token } = await invite(holder, tree, { role, memberId })
    await ok(person, { method: 'POST', url: `/api/invitations/${token}/accept`, payload: {} })
  }
  /** Someone new in the owner's tree, as a viewer linked to a new card, or to none. */
  async function newcomer(card?: string): Promise<TestUser> {
    const person = await createTestUser(t.app)
    await join(person, people.owner, treeId, 'viewer', card)
    return person
  }
  /** An invitation to a tree of someone the caller has nothing to do with. */
  async function invitationElsewhere(): Promise<string> {
    const ines = await createTestUser(t.app, { name: 'Inés Gil' })
    await addMember(ines, { firstName: 'Marta' })
    const tree = (await ok(ines, { method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    return (await invite(ines, tree, { role: 'viewer' })).token
  }
  async function ownerUploadStarted(): Promise<string> {
    const created = await tusClient(t.app, people.owner).create(4, { filename: 'x.txt', linkedToType: 'member', linkedToId: grandmother })
    expect(created.statusCode, created.body).toBe(201)
    return new URL(String(created.headers.location), 'http://localhost').pathname
  }
  const backHome = async (who: Person) => {
    if (who !== 'signedOut') await ok(people[who], { method: 'PUT', url: '/api/trees/active', payload: home[who] })
  }

  /**
   * How each route is called: the target is made afresh when the call should succeed (it may
   * consume it); a call that should not reaches the standing one, which it must leave as it was.
   */
  type Call = (who: Person, fresh: boolean) => InjectOptions | Promise<InjectOptions>
  const calls: Record<string, { call: Call; after?: (who: Person, response: LightMyRequestResponse) => Promise<void> }> = {
    'GET /api/health': { call: () => ({ method: 'GET', url: '/api/health' }) },
    'GET /api/session': { call: () => ({ method: 'GET', url: '/api/session' }) },
    'POST /api/auth/sign-up/email': {
      call: () => ({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: `nueva-${randomUUID()}@example.com`, password, name: 'Nueva Persona' } }),
    },
    'POST /api/auth/sign-in/email': {
      call: (who) => ({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: people[who].email, password } }),
      after: async (who, response) => {
        spareSessions[who] = cookieHeader(response)
      },
    },
    'GET /api/auth/password-reset': { call: () => ({ method: 'GET', url: '/api/auth/password-reset' }) },
    'POST /api/auth/request-password-reset': { call: (who) => ({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: people[who].email } }) },
    'POST /api/auth/reset-password': { call: () => ({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'no-es-un-enlace', newPassword: 'otra-clave-nueva' } }) },
    'POST /api/contact': { call: (who) => ({ method: 'POST', url: '/api/contact', payload: { name: 'Alguien', email: people[who].email, message: 'Hola' } }) },
    'GET /api/auth/*': { call: () => ({ method: 'GET', url: '/api/auth/get-session' }) },
    // Signing out the second session the sign-in above gave the person, so theirs goes on.
    'POST /api/auth/*': { call: (who) => ({ method: 'POST', url: '/api/auth/sign-out', payload: {}, headers: { cookie: spareSessions[who]! } }) },
    'GET /api/invitations/:token': { call: () => ({ method: 'GET', url: `/api/invitations/${invitationToken}` }) },
    'POST /api/invitations/:token/decline': {
      call: async () => ({ method: 'POST', url: `/api/invitations/${(await invite(people.owner, treeId, { role: 'viewer' })).token}/decline`, payload: {} }),
    },

    'GET /api/me': { call: () => ({ method: 'GET', url: '/api/me' }) },
    'PATCH /api/me': { call: () => ({ method: 'PATCH', url: '/api/me', payload: { displayName: 'Otro nombre' } }) },
    // Without the password it asks for (checking a wrong one costs a password hash each time).
    'DELETE /api/me': { call: () => ({ method: 'DELETE', url: '/api/me', payload: {} }) },
    'GET /api/me/export': { call: () => ({ method: 'GET', url: '/api/me/export' }) },
    'POST /api/me/import': { call: () => ({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', Buffer.from('PK')) }) },
    'POST /api/auth/change-password': {
      call: () => ({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: password, newPassword: 'corta' } }),
    },
    'GET /api/dashboard/recent': { call: () => ({ method: 'GET', url: '/api/dashboard/recent' }) },
    'GET /api/me/reach': { call: () => ({ method: 'GET', url: '/api/me/reach' }) },
    'GET /api/trees': { call: () => ({ method: 'GET', url: '/api/trees' }) },
    'PUT /api/trees/active': { call: (who) => ({ method: 'PUT', url: '/api/trees/active', payload: home[who] ?? { own: true } }) },
    'POST /api/invitations/:token/accept': {
      call: async (who, fresh) => ({ method: 'POST', url: `/api/invitations/${fresh ? await invitationElsewhere() : 'x'.repeat(43)}/accept`, payload: {} }),
      after: backHome,
    },
    'POST /api/family-tree/own-card': {
      call: () => ({ method: 'POST', url: '/api/family-tree/own-card', payload: { fullName: 'Yo Mismo' } }),
      // One's own card starts one's own tree, which the pages then show.
      after: backHome,
    },

    'GET /api/family-tree': { call: () => ({ method: 'GET', url: '/api/family-tree' }) },
    'GET /api/family-tree/index': { call: () => ({ method: 'GET', url: '/api/family-tree/index' }) },
    'GET /api/family-tree/self-card': { call: () => ({ method: 'GET', url: '/api/family-tree/self-card' }) },
    'GET /api/family-tree/members': { call: () => ({ method: 'GET', url: `/api/family-tree/members?ids=${grandmother}` }) },
    'GET /api/family-tree/view': { call: () => ({ method: 'GET', url: `/api/family-tree/view?centre=${grandmother}` }) },
    'GET /api/dashboard/family-news': { call: () => ({ method: 'GET', url: '/api/dashboard/family-news' }) },
    'POST /api/dashboard/family-news/seen': { call: () => ({ method: 'POST', url: '/api/dashboard/family-news/seen', payload: { until: '2026-01-01T00:00:00Z' } }) },
    'GET /api/dashboard/on-this-day': { call: () => ({ method: 'GET', url: '/api/dashboard/on-this-day?today=2026-05-17' }) },
    'GET /api/timeline/family': { call: () => ({ method: 'GET', url: '/api/timeline/family' }) },
    'GET /api/timeline/family?branch': { call: () => ({ method: 'GET', url: `/api/timeline/family?branch=${grandmother}` }) },
    'GET /api/timeline/members/:memberId': { call: () => ({ method: 'GET', url: `/api/timeline/members/${grandmother}` }) },
    'GET /api/timeline/members/:memberId?living': { call: () => ({ method: 'GET', url: `/api/timeline/members/${living}` }) },
    'POST /api/family-tree/members': {
      call: () => ({ method: 'POST', url: '/api/family-tree/members', payload: { firstName: 'Nuevo', lastName: 'Díaz', relationshipToOwner: 'Primo' } }),
    },
    'GET /api/family-tree/members/:memberId': { call: () => ({ method: 'GET', url: `/api/family-tree/members/${grandmother}` }) },
    'GET /api/family-tree/members/:memberId/shared-memories': { call: () => ({ method: 'GET', url: `/api/family-tree/members/${grandmother}/shared-memories` }) },
    'GET /api/family-tree/members/:memberId?living': { call: () => ({ method: 'GET', url: `/api/family-tree/members/${living}` }) },
    'PATCH /api/family-tree/members/:memberId': { call: () => ({ method: 'PATCH', url: `/api/family-tree/members/${grandmother}`, payload: { notes: 'Cosía vestidos.' } }) },
    'PATCH /api/family-tree/members/:memberId?own card': {
      call: (who) => ({ method: 'PATCH', url: `/api/family-tree/members/${cardFor(who)}`, payload: { birthPlace: 'Pasto' } }),
    },
    'PATCH /api/family-tree/members/:memberId?own card, its links': {
      call: (who) => ({ method: 'PATCH', url: `/api/family-tree/members/${cardFor(who)}`, payload: { relationshipToOwner: 'Hermano' } }),
    },
    'DELETE /api/family-tree/members/:memberId': {
      call: async (_who, fresh) => ({ method: 'DELETE', url: `/api/family-tree/members/${fresh ? await addMember(people.owner, { firstName: 'Efímero' }) : grandmother}` }),
    },
    'POST /api/family-tree/members/:memberId/is-me': { call: () => ({ method: 'POST', url: `/api/family-tree/members/${ownerSelf}/is-me` }) },
    'PUT /api/family-tree/members/:memberId/open-to-viewers': {
      call: async (_who, fresh) => ({
        method: 'PUT',
        url: `/api/family-tree/members/${fresh ? await addMember(people.owner, { firstName: 'Vivo', birthDate: '2003-05-01' }) : living}/open-to-viewers`,
        payload: { open: true },
      }),
    },
    'DELETE /api/family-tree/members/:memberId/link': {
      call: async (who, fresh) => {
        const card = fresh ? await addMember(people.owner, { firstName: 'Enlazado' }) : cardOf[who === 'editor' ? 'viewer' : 'editor']
        if (fresh) await newcomer(card)
        return { method: 'DELETE', url: `/api/family-tree/members/${card}/link` }
      },
    },
    'DELETE /api/family-tree/members/:memberId/link?own card': {
      call: async (who) => {
        if (who !== 'owner') return { method: 'DELETE', url: `/api/family-tree/members/${cardFor(who)}/link` }
        // The owner's card is nobody's link: the owner unlinks someone's, as whoever invites does.
        const card = await addMember(people.owner, { firstName: 'Enlazada' })
        await newcomer(card)
        return { method: 'DELETE', url: `/api/family-tree/members/${card}/link` }
      },
    },

    'GET /api/trees/:treeId/circle': { call: () => ({ method: 'GET', url: `/api/trees/${treeId}/circle` }) },
    'POST /api/trees/:treeId/invitations': { call: () => ({ method: 'POST', url: `/api/trees/${treeId}/invitations`, payload: { role: 'viewer' } }) },
    'DELETE /api/trees/:treeId/invitations/:invitationId': {
      call: async (_who, fresh) => ({
        method: 'DELETE',
        url: `/api/trees/${treeId}/invitations/${fresh ? (await invite(people.owner, treeId, { role: 'viewer' })).id : invitationId}`,
      }),
    },
    'PATCH /api/trees/:treeId/people/:userId': {
      call: async (who, fresh) => ({ method: 'PATCH', url: `/api/trees/${treeId}/people/${(fresh ? await newcomer() : someoneElse(who)).id}`, payload: { role: 'contributor' } }),
    },
    'DELETE /api/trees/:treeId/people/:userId': {
      call: async (who, fresh) => ({ method: 'DELETE', url: `/api/trees/${treeId}/people/${(fresh ? await newcomer() : someoneElse(who)).id}` }),
    },

    'POST /api/family-tree/gedcom': { call: () => ({ method: 'POST', url: '/api/family-tree/gedcom?preview=1', ...gedcomUpload(emptyGedcom) }) },
    'POST /api/family-tree/gedcom?import': {
      call: () => ({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(zipSync({ 'gedcom.ged': strToU8(emptyGedcom) }), { fileName: 'arbol.gdz' }) }),
      after: async (who, response) => {
        if (response.statusCode === 202) importJobs.push({ user: people[who], id: response.json().job.id })
      },
    },
    'GET /api/family-tree/gedcom': { call: () => ({ method: 'GET', url: '/api/family-tree/gedcom?version=5.5.1' }) },
    'GET /api/family-tree/gedcom?gdz': { call: () => ({ method: 'GET', url: '/api/family-tree/gedcom?version=7.0&format=gdz' }) },
    'GET /api/family-tree/gedcom/imports/:id': { call: () => ({ method: 'GET', url: `/api/family-tree/gedcom/imports/${gedcomImport}` }) },
    'DELETE /api/family-tree/gedcom/imports/:id': { call: () => ({ method: 'DELETE', url: `/api/family-tree/gedcom/imports/${gedcomImport}` }) },

    'GET /api/facts': { call: () => ({ method: 'GET', url: `/api/facts?memberId=${grandmother}` }) },
    'POST /api/facts/:id/accept': { call: async (_who, fresh) => ({ method: 'POST', url: `/api/facts/${fresh ? await heardFact() : ownerFact}/accept`, payload: {} }) },
    'POST /api/facts/:id/dismiss': { call: async (_who, fresh) => ({ method: 'POST', url: `/api/facts/${fresh ? await heardFact() : ownerFact}/dismiss` }) },
    'GET /api/interviews': { call: () => ({ method: 'GET', url: `/api/interviews?memberId=${grandmother}` }) },
    'GET /api/interviews/chat': { call: () => ({ method: 'GET', url: `/api/interviews/chat?memberId=${grandmother}` }) },
    'GET /api/interviews/chat?living': { call: () => ({ method: 'GET', url: `/api/interviews/chat?memberId=${living}` }) },
    'POST /api/interviews/chat': { call: () => ({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: grandmother, message: 'Bailaba cumbia.' } }) },
    'PATCH /api/interviews/:id': { call: () => ({ method: 'PATCH', url: `/api/interviews/${ownerSession}`, payload: { answer: 'Cantaba boleros y tangos.' } }) },
    'PATCH /api/interviews/:id?contributor’s': {
      call: () => ({ method: 'PATCH', url: `/api/interviews/${contributorSession}`, payload: { answer: 'Tenía un bigote blanco.' } }),
    },
    'DELETE /api/interviews/:id': {
      call: async (_who, fresh) => ({ method: 'DELETE', url: `/api/interviews/${fresh ? (await tell(people.owner, grandmother, 'Fumaba en pipa.')).id : ownerSession}` }),
    },
    'DELETE /api/interviews/:id?contributor’s': {
      call: async (_who, fresh) => ({
        method: 'DELETE',
        url: `/api/interviews/${fresh ? (await tell(people.contributor, grandmother, 'Tocaba el tiple.')).id : contributorSession}`,
      }),
    },
    'PATCH /api/interviews/conversations/:id': {
      call: () => ({ method: 'PATCH', url: `/api/interviews/conversations/${interviewConversation}`, payload: { title: 'Los boleros de la abuela' } }),
    },
    'PATCH /api/interviews/conversations/:id?contributor’s': {
      call: () => ({ method: 'PATCH', url: `/api/interviews/conversations/${contributorConversation}`, payload: { title: 'El bigote del bisabuelo' } }),
    },

    'GET /api/media/limits': { call: () => ({ method: 'GET', url: '/api/media/limits' }) },
    'GET /api/media': { call: () => ({ method: 'GET', url: `/api/media?memberId=${grandmother}` }) },
    'GET /api/media?entryId': { call: () => ({ method: 'GET', url: `/api/media?entryId=${entry}` }) },
    'GET /api/media/:id': { call: () => ({ method: 'GET', url: `/api/media/${ownerFile}` }) },
    'GET /api/media/:id?living': { call: () => ({ method: 'GET', url: `/api/media/${livingPhoto}` }) },
    'GET /api/media/:id/content': { call: () => ({ method: 'GET', url: `/api/media/${ownerFile}/content` }) },
    'GET /api/media/:id/content?living': { call: () => ({ method: 'GET', url: `/api/media/${livingPhoto}/content` }) },
    'GET /api/media/:id/thumbnail': { call: () => ({ method: 'GET', url: `/api/media/${ownerFile}/thumbnail` }) },
    'GET /api/media/:id/thumbnail?living': { call: () => ({ method: 'GET', url: `/api/media/${livingPhoto}/thumbnail` }) },
    'PATCH /api/media/:id': { call: () => ({ method: 'PATCH', url: `/api/media/${ownerFile}`, payload: { caption: 'La abuela en Cali' } }) },
    'PATCH /api/media/:id?contributor’s': { call: () => ({ method: 'PATCH', url: `/api/media/${contributorFile}`, payload: { caption: 'El tiple' } }) },
    'DELETE /api/media/:id': { call: async (_who, fresh) => ({ method: 'DELETE', url: `/api/media/${fresh ? await letter(people.owner) : ownerFile}` }) },
    'DELETE /api/media/:id?contributor’s': {
      call: async (_who, fresh) => ({ method: 'DELETE', url: `/api/media/${fresh ? await letter(people.contributor) : contributorFile}` }),
    },
    'POST /api/media/:id/links': {
      call: () => ({ method: 'POST', url: `/api/media/${ownerFile}/links`, payload: { linkedToType: 'interviewSession', linkedToId: ownerSession } }),
    },
    'POST /api/media/:id/links?contributor’s': {
      call: () => ({ method: 'POST', url: `/api/media/${contributorFile}/links`, payload: { linkedToType: 'interviewSession', linkedToId: ownerSession } }),
    },
    'POST /api/uploads': {
      call: () => ({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...tusHeaders, 'upload-length': '4', 'upload-metadata': encodeMetadata({ filename: 'x.txt', linkedToType: 'member', linkedToId: grandmother }) },
      }),
    },
    'PATCH /api/uploads/*': {
      call: async (_who, fresh) => ({
        method: 'PATCH',
        url: fresh ? await ownerUploadStarted() : ownerUpload,
        headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.from('hola'),
      }),
    },
    'DELETE /api/uploads/*': { call: async (_who, fresh) => ({ method: 'DELETE', url: fresh ? await ownerUploadStarted() : ownerUpload, headers: tusHeaders }) },

    'GET /api/dreams': { call: () => ({ method: 'GET', url: '/api/dreams' }) },
    'POST /api/dreams': { call: () => ({ method: 'POST', url: '/api/dreams', payload: { content: 'Un sueño mío' } }) },
    'GET /api/dreams/:id': { call: () => ({ method: 'GET', url: `/api/dreams/${dream}` }) },
    'PATCH /api/dreams/:id': { call: () => ({ method: 'PATCH', url: `/api/dreams/${dream}`, payload: { content: 'Volaba sobre el Cauca, de noche' } }) },
    'DELETE /api/dreams/:id': {
      call: async (_who, fresh) => ({
        method: 'DELETE',
        url: `/api/dreams/${fresh ? (await ok(people.owner, { method: 'POST', url: '/api/dreams', payload: { content: 'Otro sueño' } })).json().id : dream}`,
      }),
    },

    'GET /api/biography/entries': { call: () => ({ method: 'GET', url: '/api/biography/entries' }) },
    'POST /api/biography/entries': { call: () => ({ method: 'POST', url: '/api/biography/entries', payload: { content: 'Un recuerdo mío' } }) },
    'PATCH /api/biography/entries/:id': { call: () => ({ method: 'PATCH', url: `/api/biography/entries/${entry}`, payload: { title: 'La finca' } }) },
    'DELETE /api/biography/entries/:id': {
      call: async (_who, fresh) => ({
        method: 'DELETE',
        url: `/api/biography/entries/${fresh ? (await ok(people.owner, { method: 'POST', url: '/api/biography/entries', payload: { content: 'Otro recuerdo' } })).json().id : entry}`,
      }),
    },
    'PUT /api/biography/entries/:id/share': { call: () => ({ method: 'PUT', url: `/api/biography/entries/${entry}/share`, payload: { treeId } }) },
    'DELETE /api/biography/entries/:id/share/:treeId': { call: () => ({ method: 'DELETE', url: `/api/biography/entries/${entry}/share/${treeId}` }) },
    'PATCH /api/biography/conversations/:id': {
      call: () => ({ method: 'PATCH', url: `/api/biography/conversations/${biographyConversation}`, payload: { title: 'Cali' } }),
    },
    'GET /api/biography/chat': { call: () => ({ method: 'GET', url: '/api/biography/chat' }) },
    'POST /api/biography/chat': { call: () => ({ method: 'POST', url: '/api/biography/chat', payload: { message: 'Nací en una casa azul.' } }) },

    'GET /api/ai-lab/status': { call: () => ({ method: 'GET', url: '/api/ai-lab/status' }) },
    'GET /api/ai-lab/constellations': { call: () => ({ method: 'GET', url: '/api/ai-lab/constellations' }) },
    'POST /api/ai-lab/variations': { call: () => ({ method: 'POST', url: '/api/ai-lab/variations', payload: { text: 'Un recuerdo mío' } }) },
    'GET /api/ai-lab/memories': { call: () => ({ method: 'GET', url: '/api/ai-lab/memories' }) },
    'POST /api/ai-lab/memories': { call: () => ({ method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'Un recuerdo mío', saveMethod: 'original' } }) },
    'DELETE /api/ai-lab/memories/:id': {
      call: async (_who, fresh) => ({
        method: 'DELETE',
        url: `/api/ai-lab/memories/${fresh ? (await ok(people.owner, { method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'Otro', saveMethod: 'original' } })).json().id : labMemory}`,
      }),
    },
    'PUT /api/ai-lab/memories/:id/share': { call: () => ({ method: 'PUT', url: `/api/ai-lab/memories/${labMemory}/share`, payload: { treeId } }) },
    'DELETE /api/ai-lab/memories/:id/share/:treeId': { call: () => ({ method: 'DELETE', url: `/api/ai-lab/memories/${labMemory}/share/${treeId}` }) },
    'GET /api/ai-lab/dream-readings': { call: () => ({ method: 'GET', url: `/api/ai-lab/dream-readings?dreamId=${dream}` }) },
    'POST /api/ai-lab/dream-readings': { call: () => ({ method: 'POST', url: '/api/ai-lab/dream-readings', payload: { dreamId: dream } }) },

    'GET /api/listening-links': { call: () => ({ method: 'GET', url: '/api/listening-links' }) },
    'DELETE /api/listening-links': { call: () => ({ method: 'DELETE', url: '/api/listening-links' }) },
    'POST /api/listening-links': { call: () => ({ method: 'POST', url: '/api/listening-links', payload: { mediaId: ownerRecording, expiry: '10y' } }) },
    'DELETE /api/listening-links/:id': { call: async (_who, fresh) => ({ method: 'DELETE', url: `/api/listening-links/${fresh ? await listeningLink() : ownerLink}` }) },

    'GET /api/books': { call: () => ({ method: 'GET', url: '/api/books' }) },
    'GET /api/search': { call: () => ({ method: 'GET', url: '/api/search?q=abuela' }) },
    'POST /api/books/draft': { call: () => ({ method: 'POST', url: '/api/books/draft', payload: grandmothersBook() }) },
    'POST /api/books': { call: () => ({ method: 'POST', url: '/api/books', payload: { ...grandmothersBook(), include: { memories: false, interviews: false, photos: false } } }) },
    'POST /api/books/retell': {
      call: () => ({ method: 'POST', url: '/api/books/retell', payload: { options: grandmothersBook(), chapterKey: `conversation:${interviewConversation}` } }),
    },
    'GET /api/books/:id': { call: () => ({ method: 'GET', url: `/api/books/${ownerBook}` }) },
    'GET /api/books/:id/pdf': { call: () => ({ method: 'GET', url: `/api/books/${ownerBook}/pdf` }) },
    'POST /api/books/:id/cancel': { call: () => ({ method: 'POST', url: `/api/books/${ownerBook}/cancel` }) },
    'DELETE /api/books/:id': { call: async (_who, fresh) => ({ method: 'DELETE', url: `/api/books/${fresh ? await madeBook() : ownerBook}` }) },
  }

  /** Someone of the owner's tree who is not `who` (to themselves, removing is leaving). */
  const someoneElse = (who: Person) => people[who === 'viewer' ? 'contributor' : 'viewer']

  /** A person's own card in the owner's tree; for anyone outside it, the viewer's. */
  function cardFor(who: Person): string {
    if (who === 'owner') return ownerSelf
    if (who === 'editor' || who === 'contributor' || who === 'viewer') return cardOf[who]
    return cardOf.viewer
  }

  /** Everything of the owner's: the tree and what is kept in it, and their personal things. */
  async function ownerSnapshot() {
    const read = async (url: string) => (await call(people.owner)({ method: 'GET', url })).json()
    return { tree: await read('/api/family-tree'), ...(await ownerPersonalSnapshot()), circle: await read(`/api/trees/${treeId}/circle`) }
  }
  async function ownerPersonalSnapshot() {
    const read = async (url: string) => (await call(people.owner)({ method: 'GET', url })).json()
    return {
      dreams: await read('/api/dreams'),
      entries: await read('/api/biography/entries'),
      entryMedia: await read(`/api/media?entryId=${entry}`),
      memories: await read('/api/ai-lab/memories'),
      readings: await read(`/api/ai-lab/dream-readings?dreamId=${dream}`),
      me: await read('/api/me'),
      listeningLinks: await read('/api/listening-links'),
      books: await read('/api/books'),
    }
  }

  /** Calls every route as `who`; answers the routes whose outcome is not the table's. */
  async function runAs(who: Person): Promise<string[]> {
    const wrong: string[] = []
    for (const [route, row] of Object.entries(expectations)) {
      const expected = row[who]
      const { call: make, after } = calls[route]!
      const options = await make(who, expected === 'allowed')
      // A call may bring a session of its own (a second one, to sign out).
      const response = await t.app.inject({ ...options, headers: { cookie: people[who].cookie, ...options.headers } })
      const outcome = outcomeOf(response)
      if (outcome !== expected) wrong.push(`${route}: expected ${expected}, got ${outcome} ${response.body.slice(0, 200)}`)
      else if (expected === 'refused' && response.json().error.code !== 'forbidden') wrong.push(`${route}: refused with ${response.body}`)
      else if (expected === 'hidden' && response.headers['content-type']?.toString().includes('json') && response.json().error.code !== 'not_found')
        wrong.push(`${route}: hidden with ${response.body}`)
      if (who !== 'owner' && outcome === 'allowed') {
        const text = textOf(response)
        for (const words of ownersPrivateWords) if (text.includes(words)) wrong.push(`${route}: answers ${who} the owner’s «${words}»`)
      }
      if ((who === 'otherTree' || who === 'outsider' || who === 'signedOut') && outcome === 'allowed')
        for (const words of wordsOfHerTree) if (textOf(response).includes(words)) wrong.push(`${route}: answers ${who} her tree’s «${words}»`)
      if (who === 'viewer' && textOf(response).includes(toldOfTheLiving)) wrong.push(`${route}: answers the viewer what was told of a living person`)
      await after?.(who, response)
    }
    return wrong
  }

  beforeAll(async () => {
    gemini = await startFakeGemini({ behaviour: { kind: 'stream', pieces: ['¿Y qué más recuerda?'] } })
    t = await createTestApp(database, {
      ...geminiSettings(gemini),
      // Every person signs in, writes and asks for a reset more than a person would in an hour.
      LOGIN_RATE_LIMIT_MAX: '1000',
      CONTACT_RATE_LIMIT_PER_HOUR: '1000',
      PASSWORD_RESET_RATE_LIMIT_PER_HOUR: '1000',
      GEDCOM_RATE_LIMIT_PER_HOUR: '1000',
      AI_RATE_LIMIT_PER_HOUR: '10000',
    })
    for (const who of persons) people[who] = await createTestUser(t.app, { name: who === 'owner' ? 'Rosa Díaz' : `Persona ${who}` })
    const owner = people.owner

    // The owner's tree: her own card, her grandmother (dead: her story is for everyone), a living
    // cousin not opened up to viewers, and the cards of the three relatives she shares it with.
    ownerSelf = await addMember(owner, { firstName: 'Rosa', isSelf: true, relationshipToOwner: undefined })
    grandmother = await addMember(owner, { firstName: 'Carmen', lastName: 'Ruiz', relationshipToOwner: 'Abuela', isDeceased: true })
    living = await addMember(owner, { firstName: 'Lucía', birthDate: '2001-04-02', birthPlace: 'Pasto' })
    treeId = (await ok(owner, { method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    for (const role of ['editor', 'contributor', 'viewer'] as const) {
      cardOf[role] = await addMember(owner, { firstName: `Tarjeta de ${role}`, birthDate: '1990-01-01' })
      await join(people[role], owner, treeId, role, cardOf[role])
      home[role] = { treeId }
    }
    home.owner = { treeId }
    // Another family's tree, where one person is an editor.
    const beatriz = await createTestUser(t.app, { name: 'Beatriz Gil' })
    await addMember(beatriz, { firstName: 'Jorge', lastName: 'Gil' })
    const otherTreeId = (await ok(beatriz, { method: 'GET', url: '/api/trees' })).json().trees[0].treeId
    await join(people.otherTree, beatriz, otherTreeId, otherTreeRole as 'editor')
    home.otherTree = { treeId: otherTreeId }
    home.outsider = { own: true }
    await ok(people.signedOut, { method: 'POST', url: '/api/auth/sign-out', payload: {} })

    // What is kept in the tree, by the owner and by the contributor.
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#9a4a2c' } })
      .jpeg()
      .toBuffer()
    ownerFile = await upload(owner, grandmother, photo, 'abuela.jpeg')
    livingPhoto = await upload(owner, living, photo, 'lucia.jpeg')
    const session = await tell(owner, grandmother, 'Cantaba boleros.')
    ownerSession = session.id
    ownerFact = await heardFact()
    interviewConversation = session.conversation.id
    await tell(owner, living, 'De niña pintaba casas en Pasto.')
    const told = await tell(people.contributor, grandmother, 'Tenía un bigote enorme.')
    contributorSession = told.id
    contributorConversation = told.conversation.id
    contributorFile = await letter(people.contributor)
    gedcomImport = (await ok(owner, { method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(emptyGedcom) })).json().job.id
    importJobs.push({ user: owner, id: gedcomImport })
    ;({ id: invitationId, token: invitationToken } = await invite(owner, treeId, { role: 'viewer' }))
    ownerUpload = await ownerUploadStarted()
    ownerRecording = await upload(owner, grandmother, webmHeader(), 'voz.webm')
    ownerLink = await listeningLink('5y')
    ownerBook = await madeBook()

    // The owner's personal things.
    dream = (await ok(owner, { method: 'POST', url: '/api/dreams', payload: { content: 'Volaba sobre el Cauca' } })).json().id
    entry = (await ok(owner, { method: 'POST', url: '/api/biography/entries', payload: { content: 'La finca de Rosa' } })).json().id
    biographyConversation = doneOf(await ok(owner, { method: 'POST', url: '/api/biography/chat', payload: { message: 'Nací en Cali.' } })).entry.conversation.id
    labMemory = (await ok(owner, { method: 'POST', url: '/api/ai-lab/memories', payload: { originalText: 'El río de Rosa', saveMethod: 'original' } })).json().id
    const tus = tusClient(t.app, owner)
    const bytes = Buffer.from('Una carta de amor.')
    const created = await tus.create(bytes.length, { filename: 'carta.txt', linkedToType: 'biographyEntry', linkedToId: entry })
    expect((await tus.patch(String(created.headers.location), 0, bytes)).statusCode).toBe(204)
    await ok(owner, { method: 'POST', url: '/api/ai-lab/dream-readings', payload: { dreamId: dream } })
  })
  afterAll(async () => {
    // Imports still running would write under a closing database.
    for (const job of importJobs) {
      const ended = async () => /done|failed|cancelled/.test((await call(job.user)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${job.id}` })).json().job?.status)
      while (!(await ended())) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await t?.close()
    await gemini?.close()
  })

  it('has a row for every API route, and a call for every row', () => {
    const routes = [
      ...new Set(
        t.app.routeTable
          .filter((route) => route.url.startsWith('/api') && !isDocs(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
          .map((route) => `${route.method} ${route.url}`),
      ),
    ]
    const rows = new Set([...Object.keys(expectations).map((key) => key.split('?')[0]!), ...notCalled])
    expect(routes.filter((route) => !rows.has(route))).toEqual([])
    expect([...rows].filter((route) => !routes.includes(route))).toEqual([])
    expect(Object.keys(calls).sort()).toEqual(Object.keys(expectations).sort())
  })

  it('says what the policy says: members by their role, a contributor changing only their own', () => {
    // Spelled out once, so a change to the policy shows here as well as in the matrix.
    expect(addedBy('contributor')).toMatchObject({ owner: 'allowed', editor: 'allowed', contributor: 'allowed', viewer: 'refused' })
    expect(addedBy('owner')).toMatchObject({ owner: 'allowed', editor: 'allowed', contributor: 'refused', viewer: 'refused' })
    expect(ofTheTree('tree.export')).toMatchObject({ owner: 'allowed', editor: 'allowed', contributor: 'refused', viewer: 'refused', otherTree: 'hidden' })
    expect(ofTheTree('circle.manage')).toMatchObject({ owner: 'allowed', editor: 'refused', otherTree: 'refused', outsider: 'hidden' })
  })

  // One person a test, in this order: those outside her tree first, while all of hers is as it
  // was made; then her relatives, whose changes to the tree are theirs to make; the owner last.
  let beforeOutsiders: Awaited<ReturnType<typeof ownerSnapshot>>
  let beforeRelatives: Awaited<ReturnType<typeof ownerPersonalSnapshot>>

  it.each(['signedOut', 'outsider', 'otherTree'] as const)('answers %s as the table says', async (who) => {
    beforeOutsiders ??= await ownerSnapshot()
    expect(await runAs(who)).toEqual([])
  })

  it('left everything of the owner’s as it was after those outside her tree', async () => {
    expect(await ownerSnapshot()).toEqual(beforeOutsiders)
  })

  it.each(['viewer', 'contributor', 'editor'] as const)('answers %s as the table says', async (who) => {
    beforeRelatives ??= await ownerPersonalSnapshot()
    expect(await runAs(who)).toEqual([])
  })

  it('left the owner’s personal things as they were after her relatives', async () => {
    expect(await ownerPersonalSnapshot()).toEqual(beforeRelatives)
  })

  it('answers the owner as the table says', async () => {
    expect(await runAs('owner')).toEqual([])
  })
})
