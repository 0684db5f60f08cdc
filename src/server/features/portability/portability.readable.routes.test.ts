import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartFile } from '../../test/multipart.ts'
import { as, createTestApp, createTestUser, testDatabases, type TestApp, type TestUser } from '../../test/test-app.ts'
import { tusClient } from '../../test/tus-client.ts'

const hostile = '<script>alert("x")</script>'

describe.each(testDatabases)('the export’s readable story, on %s', (database) => {
  let t: TestApp
  let owner: TestUser
  let files: Record<string, Uint8Array>
  const text = (name: string) => strFromU8(files[name]!)

  beforeAll(async () => {
    t = await createTestApp(database)
    owner = await createTestUser(t.app, { birthDate: '1940-03-02', preferredLanguage: 'es' })
    const post = async (url: string, payload: object) => {
      const response = await as(t.app, owner)({ method: 'POST', url, payload })
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300)
      return response
    }
    await post('/api/family-tree/members', { firstName: 'Rosa', lastName: 'Díaz', isSelf: true, birthDate: '1940-03-02' })
    const carmen = (await post('/api/family-tree/members', { firstName: 'Carmen', lastName: 'Núñez', relationshipToOwner: 'Abuela' })).json().member.memberId
    await post('/api/family-tree/members', { firstName: 'Luis', lastName: 'Díaz', relationshipToOwner: 'Padre' })
    await post('/api/biography/entries', { content: `Mi boda.\n${hostile}`, title: 'La boda <b>grande</b>', eventDate: '1965-06-12' })
    const house = (await post('/api/biography/entries', { content: 'Vivíamos en Alcalá.', eventDate: '1947-05-01' })).json().id
    await post('/api/biography/entries', { content: 'Una canción sin fecha.' })
    await post('/api/interviews/chat', { memberId: carmen, message: `Cantaba boleros ${hostile}` })
    // A second sitting, which the person named.
    const luis = (await post('/api/family-tree/members', { firstName: 'Luis', lastName: 'Núñez', relationshipToOwner: 'Tío' })).json().member.memberId
    const told = await post('/api/interviews/chat', { memberId: luis, message: 'Tocaba la guitarra.' })
    const conversationId = JSON.parse(told.body.split('event: done\ndata: ')[1]!.split('\n')[0]!).session.conversation.id
    expect((await as(t.app, owner)({ method: 'PATCH', url: `/api/interviews/conversations/${conversationId}`, payload: { title: `Su guitarra ${hostile}` } })).statusCode).toBe(200)
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer()
    const tus = tusClient(t.app, owner)
    expect((await tus.createWithData(photo, { filename: 'la casa.jpg', caption: `La casa "${hostile}`, linkedToType: 'biographyEntry', linkedToId: house })).statusCode).toBe(201)
    expect((await tus.createWithData(photo, { filename: 'carmen.jpg', caption: 'Carmen en la feria', linkedToType: 'member', linkedToId: carmen })).statusCode).toBe(201)

    const exported = await as(t.app, owner)({ method: 'GET', url: '/api/me/export' })
    expect(exported.statusCode, exported.body).toBe(200)
    files = unzipSync(exported.rawPayload)
  })
  afterAll(() => t.close())

  it('holds the person’s story in life order, by stage of life, in their language, and lists it in the manifest', () => {
    const story = text('historia.html')
    expect(story).toMatch(/^<!doctype html>\n<html lang="es">/)
    const headings = [...story.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1])
    expect(headings).toEqual(['Infancia', 'Edad adulta', 'Recuerdos sin fecha', 'Las historias de la familia'])
    expect(story.indexOf('Vivíamos en Alcalá.')).toBeLessThan(story.indexOf('Mi boda.'))
    expect(story).toContain('<p class="date">12 de junio de 1965</p>')
    expect(story).toContain('<p class="subtitle">Rosa Díaz</p>')
    const manifest = JSON.parse(text('manifest.json'))
    expect(manifest.extensions.map((extension: { path: string }) => extension.path)).toEqual([
      'family-tree.ged',
      'contributions.json',
      'historia.html',
      'historia-carmen-nunez.html',
      'historia-luis-nunez.html',
    ])
  })

  it('escapes every text a person wrote, so nothing in a memory can run as a script', () => {
    for (const name of ['historia.html', 'historia-carmen-nunez.html', 'historia-luis-nunez.html']) {
      const page = text(name)
      expect(page, name).not.toMatch(/<script|<b>/i)
      expect(page, name).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;')
      // Even an escape that failed would not run: the page's policy allows no script.
      expect(page, name).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; style-src 'unsafe-inline'">`)
    }
    expect(text('historia.html')).toContain('<h3>La boda &#60;b&#62;grande&#60;/b&#62;</h3>')
  })

  it('shows each photo from the file the archive already holds, with its caption', () => {
    const media = JSON.parse(text('media.json')) as { path: string; fileName: string }[]
    const house = media.find((asset) => asset.fileName === 'la casa.jpg')!
    const carmen = media.find((asset) => asset.fileName === 'carmen.jpg')!
    expect(files[house.path]).toBeDefined()
    expect(text('historia.html')).toContain(`<figure><img src="${house.path}" alt=""><figcaption>La casa &#34;&#60;script&#62;`)
    expect(text('historia-carmen-nunez.html')).toContain(`<img src="${carmen.path}" alt=""><figcaption>Carmen en la feria</figcaption>`)
  })

  it('writes one file per interviewed relative, linked from the person’s story, and none for the others', () => {
    const relative = text('historia-carmen-nunez.html')
    expect(relative).toContain('<h1>La historia de Carmen Núñez</h1>')
    // Each answer under the question Ana asked.
    expect(relative).toMatch(/<h3>Conversación del \d{1,2} de \w+ de \d{4}<\/h3>\n<p class="question">¿[^<]+\?<\/p>\n<p class="answer">Cantaba boleros/)
    expect(text('historia.html')).toContain('<a href="historia-carmen-nunez.html">La historia de Carmen Núñez</a>')
    // A conversation the person named is headed by its name, its day under it.
    expect(text('historia-luis-nunez.html')).toMatch(/<h3>Su guitarra &#60;script&#62;[^<]*<\/h3>\n<p class="date">\d{1,2} de \w+ de \d{4}<\/p>\n<p class="question">/)
    expect(Object.keys(files).filter((name) => name.endsWith('.html'))).toEqual(['historia.html', 'historia-carmen-nunez.html', 'historia-luis-nunez.html'])
  })

  it('is left out by an import, which restores from the JSON files', async () => {
    const heir = await createTestUser(t.app)
    const archive = await as(t.app, owner)({ method: 'GET', url: '/api/me/export' })
    const imported = await as(t.app, heir)({ method: 'POST', url: '/api/me/import', ...multipartFile('file', 'legado.zip', archive.rawPayload) })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json().ignoredEntries.sort()).toEqual(['contributions.json', 'family-tree.ged', 'historia-carmen-nunez.html', 'historia-luis-nunez.html', 'historia.html'])
    for (const kind of imported.json().kinds) expect(kind.skipped, kind.kind).toEqual([])
  })
})
