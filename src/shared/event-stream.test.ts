import { describe, expect, it } from 'vitest'
import { createEventStreamParser, formatServerSentEvent, parseEventStream } from './event-stream.ts'

describe('createEventStreamParser', () => {
  it('completes an event cut anywhere across chunks, including inside a CRLF', () => {
    const parser = createEventStreamParser()
    expect(parser.push('event: del')).toEqual([])
    expect(parser.push('ta\r')).toEqual([])
    expect(parser.push('\ndata: {"text":"Hola')).toEqual([])
    expect(parser.push(' Rosa"}\r\n')).toEqual([])
    expect(parser.push('\r\n')).toEqual([{ event: 'delta', data: '{"text":"Hola Rosa"}' }])
  })

  it('gives every event a chunk holds, in order, and keeps the unfinished rest', () => {
    const parser = createEventStreamParser()
    const events = parser.push('event: delta\ndata: {"text":"a"}\n\nevent: delta\ndata: {"text":"b"}\n\nevent: done\ndata: {')
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'delta', data: '{"text":"b"}' },
    ])
    expect(parser.push('}\n\n')).toEqual([{ event: 'done', data: '{}' }])
  })

  it('joins data lines, ignores comments and unknown fields, and names a nameless event "message"', () => {
    const parser = createEventStreamParser()
    expect(parser.push(': keep-alive\n\nid: 7\ndata:uno\ndata: dos\n\n')).toEqual([{ event: 'message', data: 'uno\ndos' }])
  })
})

describe('formatServerSentEvent and parseEventStream', () => {
  it('read back what they write, newlines in the data included', () => {
    const text = formatServerSentEvent('delta', { text: 'Hola\nRosa' }) + ': comment\n\n' + formatServerSentEvent('done', { ok: true })
    expect(parseEventStream(text)).toEqual([
      { event: 'delta', data: '{"text":"Hola\\nRosa"}' },
      { event: 'done', data: '{"ok":true}' },
    ])
  })

  it('keeps a last event whose blank line never came', () => {
    expect(parseEventStream('event: done\ndata: {}')).toEqual([{ event: 'done', data: '{}' }])
  })
})
