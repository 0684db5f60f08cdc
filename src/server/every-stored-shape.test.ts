import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FamilyTree, Member } from '../shared/contracts/family-tree.ts'
import { languages } from '../shared/limits.ts'
import { gedcomUpload } from './test/multipart.ts'
import { expectReadsAgreeWithTree } from './test/tree-reads.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from './test/test-app.ts'

// Every shape a member can be stored in, opened by every route that reads a member. Families
// arrive through the member form (dates as people type them, in three languages) and through a
// GEDCOM import (dates as other programs write them): approximate, ranged, open-ended, Julian,
// dual-dated, B.C., phrases and nonsense, with unicode and long names, parents of every kind and
// unions. Whatever is stored, the tree (whole, and as the tree page reads it: index, members, views), the interview (opening and a message, in es, en and fr),
// the biography, the life books, the timelines and the day's birthdays, a search for each name and place, the constellations, both GEDCOM exports and the account export answer without a server error, and
// nothing they answer says "Invalid Date", "NaN" or "undefined".

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']
const year = fc.integer({ min: 1, max: 2020 })
const point = fc.oneof(
  year.map(String),
  fc.tuple(fc.constantFrom(...months), year).map(([m, y]) => `${m} ${y}`),
  fc.tuple(fc.integer({ min: 1, max: 31 }), fc.constantFrom(...months), year).map(([d, m, y]) => `${d} ${m} ${y}`),
)

/** A DATE value as GEDCOM files carry it, well formed or not. */
const gedcomDate = fc.oneof(
  point,
  fc.tuple(fc.constantFrom('ABT', 'CAL', 'EST', 'BEF', 'AFT', 'FROM', 'TO'), point).map(([word, p]) => `${word} ${p}`),
  fc.tuple(point, point).map(([a, b]) => `BET ${a} AND ${b}`),
  fc.tuple(point, point).map(([a, b]) => `FROM ${a} TO ${b}`),
  point.map((p) => `@#DJULIAN@ ${p}`),
  fc.integer({ min: 1500, max: 1750 }).map((y) => `${y}/${String((y + 1) % 100).padStart(2, '0')}`),
  year.map((y) => `${y} B.C.`),
  fc.tuple(point, fc.string({ maxLength: 20 })).map(([p, text]) => `INT ${p} (${text.replace(/[()\r\n@]/g, '')})`),
  fc.string({ maxLength: 30 }).map((text) => `(${text.replace(/[()\r\n@]/g, '')})`),
  fc.constantFrom('20', '46', '0', '31 FEB 1900', 'ABT', 'BET 1900', '1850-1860', 'Spring 1920', '@#DHEBREW@ 5 TSH 5700'),
)

/** A date as a person types it into the member form, in the language of the page. */
const writtenDate = fc.oneof(
  gedcomDate,
  fc.constantFrom(
    'hacia 1920',
    'antes del 17 de mayo de 1948',
    'entre 1850 y 1860',
    'después de 1980',
    'en mayo de 1920',
    'poco después de la guerra',
    'about 1920',
    'between 1850 and 1860',
    'vers 1920',
    'avant 1900',
    '1920',
    '17/05/1948',
  ),
)

// Names and places never hold the words the pages must not show, so finding one means we wrote it.
const noForbiddenWords = (text: string) => !/invalid date|nan|undefined/i.test(text)
const personText = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength }),
      fc.constantFrom('Zieliński', 'Núñez', 'O’Brien', 'van der Berg', '_____', 'María José', '李', 'Ñ'.repeat(Math.min(maxLength, 100))),
    )
    .map((text) => text.replace(/[\r\n/@]/g, ' ').trim())
    .filter((text) => text.length > 0 && noForbiddenWords(text))

const person = fc.record({
  firstName: personText(100),
  lastName: personText(100),
  gender: fc.constantFrom('Masculino', 'Femenino', 'Otro', ''),
  isDeceased: fc.boolean(),
  birthDate: fc.option(writtenDate, { nil: undefined }),
  deathDate: fc.option(writtenDate, { nil: undefined }),
  birthPlace: fc.option(personText(60), { nil: undefined }),
  language: fc.constantFrom(...languages),
})

const family = fc.record({
  self: person,
  relatives: fc.array(fc.tuple(person, fc.constantFrom('birth', 'adopted', 'foster', 'sealing', 'other'), fc.boolean()), { minLength: 1, maxLength: 3 }),
  spouse: person,
  marriageDate: fc.option(writtenDate, { nil: undefined }),
  imported: fc.array(fc.record({ name: personText(40), birth: fc.option(gedcomDate, { nil: undefined }), death: fc.option(gedcomDate, { nil: undefined }) }), {
    minLength: 1,
    maxLength: 4,
  }),
})

/** A small GEDCOM file: the people given, the first two a couple with the others their children. */
function gedcomFile(people: { name: string; birth: string | undefined; death: string | undefined }[], marriage: string | undefined): string {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8']
  people.forEach((p, index) => {
    lines.push(`0 @I${index}@ INDI`, `1 NAME ${p.name} /${p.name.split(' ')[0]}/`)
    if (p.birth !== undefined) lines.push('1 BIRT', `2 DATE ${p.birth}`)
    if (p.death !== undefined) lines.push('1 DEAT', `2 DATE ${p.death}`)
    if (index < 2) lines.push('1 FAMS @F1@')
    else lines.push('1 FAMC @F1@')
  })
  lines.push('0 @F1@ FAM', '1 HUSB @I0@')
  if (people.length > 1) lines.push('1 WIFE @I1@')
  for (let index = 2; index < people.length; index += 1) lines.push(`1 CHIL @I${index}@`)
  lines.push('1 MARR', ...(marriage === undefined ? [] : [`2 DATE ${marriage}`]), '0 TRLR', '')
  return lines.join('\n')
}

describe.each(testDatabases)('every stored shape on every reading route, on %s', (database) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(database)
  })
  afterAll(() => t.close())

  /** No server error, and nothing a client would show that reads as a broken date. */
  function expectSound(what: string, response: LightMyRequestResponse) {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500)
    expect(response.body, what).not.toMatch(/Invalid Date|\bNaN\b|\bundefined\b/)
    expect(response.body, what).not.toMatch(/"code":"internal"/)
  }

  async function importGedcom(user: TestUser, text: string) {
    const started = await as(t.app, user)({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(text, { fileName: 'tree.ged' }) })
    expectSound('GEDCOM import', started)
    if (started.statusCode !== 202) return
    let job = started.json().job as { id: string; status: string }
    for (let tries = 0; job.status !== 'done' && job.status !== 'failed' && tries < 400; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      const read = await as(t.app, user)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${job.id}` })
      expectSound('GEDCOM import job', read)
      job = read.json().job
    }
    expect(job.status).toBe('done')
  }

  it('never answers 5xx or shows a broken date, whatever family the form and an import stored', async () => {
    await fc.assert(
      fc.asyncProperty(family, async ({ self, relatives, spouse, marriageDate, imported }) => {
        const user = await createTestUser(t.app)
        const request = as(t.app, user)
        const add = async (payload: object): Promise<Member | undefined> => {
          const response = await request({ method: 'POST', url: '/api/family-tree/members', payload })
          expectSound('adding a member', response)
          return response.statusCode === 201 ? (response.json().member as Member) : undefined
        }
        const me = await add({ ...self, isSelf: true })
        const partner = await add({ ...spouse, relationshipToOwner: 'pareja', ...(me ? { unions: [{ spouseId: me.memberId, marriageDate }] } : {}) })
        for (const [relative, kind, isParent] of relatives) {
          const link = me ? (isParent ? { childLinks: [{ childId: me.memberId, kind }] } : { parentLinks: [{ parentId: me.memberId, kind }] }) : {}
          await add({ ...relative, relationshipToOwner: isParent ? 'madre' : 'hijo', ...link })
        }
        void partner
        await importGedcom(user, gedcomFile(imported, marriageDate))

        const treeResponse = await request({ method: 'GET', url: '/api/family-tree' })
        expectSound('the tree', treeResponse)
        const tree = treeResponse.json() as FamilyTree
        // The tree page reads parts of it: each part as the whole tree has it.
        await expectReadsAgreeWithTree(request, tree)
        for (const member of tree.members) {
          if (member.isSelf) continue
          for (const language of languages) {
            expectSound(`interview opening (${language})`, await request({ method: 'GET', url: `/api/interviews/chat?memberId=${member.memberId}&language=${language}` }))
          }
          const language = languages[tree.members.indexOf(member) % languages.length]!
          expectSound(
            'an interview message',
            await request({ method: 'POST', url: '/api/interviews/chat', payload: { memberId: member.memberId, message: 'Cosía vestidos.', language } }),
          )
          expectSound('the interview sessions', await request({ method: 'GET', url: `/api/interviews?memberId=${member.memberId}` }))
          expectSound('their timeline', await request({ method: 'GET', url: `/api/timeline/members/${member.memberId}` }))
          // Looked for by the words of their name and places, as a person would type them.
          for (const words of [member.firstName, member.lastName, member.birthPlace].filter(Boolean))
            expectSound(`a search for «${words}» (${language})`, await request({ method: 'GET', url: `/api/search?q=${encodeURIComponent(words)}&language=${language}` }))
          expectSound(`their life book (${language})`, await request({ method: 'POST', url: '/api/books/draft', payload: { kind: 'person', memberId: member.memberId, language } }))
        }
        for (const language of languages)
          expectSound(`the family book (${language})`, await request({ method: 'POST', url: '/api/books/draft', payload: { kind: 'family', language, order: 'date' } }))
        expectSound('the family’s timeline', await request({ method: 'GET', url: '/api/timeline/family' }))
        for (const today of ['2026-01-01', '2027-02-27', '2028-12-25'])
          expectSound(`on this day (${today})`, await request({ method: 'GET', url: `/api/dashboard/on-this-day?today=${today}` }))
        expectSound('the biography opening', await request({ method: 'GET', url: '/api/biography/chat?language=es' }))
        expectSound('a biography message', await request({ method: 'POST', url: '/api/biography/chat', payload: { message: 'Nací en un pueblo.', language: 'fr' } }))
        expectSound('the biography', await request({ method: 'GET', url: '/api/biography/entries' }))
        // A memory that names the family and their years: the constellations read it with the tree's names, places and dates.
        const named = tree.members.map((member) => `${member.firstName} ${member.lastName} ${member.birthPlace} ${member.birthDate ?? ''}`).join(', ')
        for (const title of ['Los míos', 'Otra vez los míos'])
          expectSound(
            'a memory naming them',
            await request({ method: 'POST', url: '/api/biography/entries', payload: { title, content: named.slice(0, 4000), eventDate: '1950' } }),
          )
        expectSound('the constellations', await request({ method: 'GET', url: '/api/ai-lab/constellations' }))
        for (const version of ['5.5.1', '7.0']) expectSound(`GEDCOM ${version}`, await request({ method: 'GET', url: `/api/family-tree/gedcom?version=${version}` }))
        const archive = await request({ method: 'GET', url: '/api/me/export' })
        expect(archive.statusCode).toBe(200)
      }),
      { numRuns: 8 },
    )
  }, 240_000)
})
