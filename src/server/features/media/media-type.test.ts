import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { webmHeader } from '../../test/media-fixtures.ts'
import { createPlainTextCheck, sniffMediaType } from './media-type.ts'

/** A zip with stored (uncompressed) entries: enough for type detection by local headers. */
function storedZip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = []
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt32LE(data.length, 18)
    header.writeUInt32LE(data.length, 22)
    header.writeUInt16LE(Buffer.byteLength(name), 26)
    parts.push(header, Buffer.from(name), data)
  }
  return Buffer.concat(parts)
}

const image = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#9a4a2c' } })
    .toFormat(format)
    .toBuffer()

describe('sniffMediaType', () => {
  it('recognises photos by their bytes, whatever their name says', async () => {
    expect(await sniffMediaType(await image('png'), 'foto.jpg')).toEqual({ mime: 'image/png', extension: '.png', kind: 'image' })
    expect(await sniffMediaType(await image('jpeg'), 'sin-nombre')).toEqual({ mime: 'image/jpeg', extension: '.jpg', kind: 'image' })
    expect((await sniffMediaType(await image('webp'), 'x.webp'))?.mime).toBe('image/webp')
  })

  it('recognises pdf, audio and Word documents', async () => {
    expect((await sniffMediaType(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'carta.pdf'))?.mime).toBe('application/pdf')
    const wav = Buffer.alloc(44)
    wav.write('RIFF', 0)
    wav.writeUInt32LE(36, 4)
    wav.write('WAVEfmt ', 8)
    expect(await sniffMediaType(wav, 'voz.wav')).toMatchObject({ mime: 'audio/wav', kind: 'audio' })
    // An ID3v2.4 tag of size 0, then an MPEG-1 Layer III frame header.
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])
    expect(await sniffMediaType(mp3, 'cancion.mp3')).toMatchObject({ mime: 'audio/mpeg', kind: 'audio' })
    const docx = storedZip({
      '[Content_Types].xml': '<Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    })
    expect(await sniffMediaType(docx, 'memorias.docx')).toMatchObject({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      kind: 'document',
    })
  })

  it('calls a WebM recording declared as audio audio, and any other WebM video', async () => {
    const webm = webmHeader()
    expect(await sniffMediaType(webm, 'voz.webm', 'audio/webm;codecs=opus')).toEqual({ mime: 'audio/webm', extension: '.webm', kind: 'audio' })
    expect(await sniffMediaType(webm, 'paseo.webm', 'video/webm')).toMatchObject({ mime: 'video/webm', kind: 'video' })
    expect(await sniffMediaType(webm, 'paseo.webm')).toMatchObject({ mime: 'video/webm', kind: 'video' })
    // A declared type never turns other bytes into audio.
    expect(await sniffMediaType(await image('png'), 'voz.webm', 'audio/webm')).toMatchObject({ mime: 'image/png', kind: 'image' })
  })

  it('accepts plain UTF-8 text as .txt', async () => {
    expect(await sniffMediaType(Buffer.from('Querida nieta:\nte escribo desde Cartagena…\n'), 'carta.txt')).toEqual({
      mime: 'text/plain; charset=utf-8',
      extension: '.txt',
      kind: 'document',
    })
  })

  it('refuses HTML, SVG and XML, even when named like a photo', async () => {
    for (const [bytes, name] of [
      ['<!doctype html><html><script>alert(1)</script></html>', 'gatito.jpg'],
      ['  <svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.png'],
      ['\uFEFF<?xml version="1.0"?><svg/>', 'dibujo.svg'],
      ['<html>hola</html>', 'nota.txt'],
    ] as const) {
      expect(await sniffMediaType(Buffer.from(bytes), name), name).toBeUndefined()
    }
  })

  it('refuses executables, archives and unknown binary data', async () => {
    expect(await sniffMediaType(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]), 'programa')).toBeUndefined()
    expect(await sniffMediaType(storedZip({ 'a.txt': 'x' }), 'fotos.zip')).toBeUndefined()
    expect(await sniffMediaType(Buffer.from([0, 1, 2, 3, 250, 251, 252]), 'raro.bin')).toBeUndefined()
    expect(await sniffMediaType(Buffer.alloc(0), 'vacio.txt')).toBeUndefined()
  })
})

describe('checking plain text as it streams by', () => {
  /** Whether `text`'s bytes, cut into pieces at `cuts`, pass as plain text. */
  const passes = (bytes: Buffer, cuts: number[]) => {
    const check = createPlainTextCheck()
    const edges = [0, ...cuts, bytes.length]
    for (let i = 0; i + 1 < edges.length; i += 1) if (!check.push(bytes.subarray(edges[i], edges[i + 1]))) return false
    return check.end()
  }

  it('accepts a character cut between two pieces, and text in many pieces', () => {
    const letter = Buffer.from('Querida nieta: te escribo desde Cartagena, con café y niños 🌙.\n')
    for (let cut = 1; cut < letter.length; cut += 1) expect(passes(letter, [cut]), String(cut)).toBe(true)
  })

  it('refuses bytes that are not UTF-8, a control byte deep in the text, and text ending mid-character', () => {
    const long = Buffer.from('Memorias de la familia. '.repeat(4000))
    expect(passes(Buffer.concat([long, Buffer.from([0xc3, 0x28]), long]), [long.length + 1])).toBe(false)
    expect(passes(Buffer.concat([long, Buffer.from([0x00]), long]), [65_536])).toBe(false)
    expect(passes(Buffer.concat([long, Buffer.from('ñ').subarray(0, 1)]), [])).toBe(false)
  })

  it('refuses markup even when its blank start arrives in pieces', () => {
    const page = Buffer.from('   \n\t  <html><script>alert(1)</script></html>')
    expect(passes(page, [2, 5])).toBe(false)
    expect(passes(Buffer.from('  hola <b>'), [2])).toBe(true)
  })
})
