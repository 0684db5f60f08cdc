import { chatStreamEvents, type ChatStreamEvent, type ChatStreamEventName } from '../../shared/contracts/biography.ts'

/** The events of a whole `text/event-stream` body, each checked against its contract. Comments are skipped. */
export function readServerSentEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n')
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7) as ChatStreamEventName
      const data: unknown = JSON.parse(lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n'))
      if (!(name in chatStreamEvents)) throw new Error(`unknown event ${name}`)
      return { event: name, data: chatStreamEvents[name].parse(data) } as ChatStreamEvent
    })
}
