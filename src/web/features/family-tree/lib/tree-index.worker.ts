// Reads and parses the index of names off the page's main thread. Asked for its path, it reads the
// answer itself: the page's main thread then never holds the 7 MiB of JSON of 100,000 people, whose
// reading as bytes was a task of over 100 ms there. Given bytes (an answer the page had already
// asked for early), it parses those. Answers the columns, or how the read failed.
import type { TreeIndex } from '../../../../shared/contracts/family-tree-view.ts'
import { columnsOf, transferablesOf } from './index-columns.ts'
import type { IndexWorkerAnswer, IndexWorkerQuestion } from './index-worker-messages.ts'

const answer = (message: IndexWorkerAnswer, transfer: Transferable[] = []) => self.postMessage(message, { transfer })

async function bytesOf(question: IndexWorkerQuestion): Promise<ArrayBuffer | undefined> {
  if ('bytes' in question) return question.bytes
  let response: Response
  try {
    response = await fetch(question.path, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  } catch {
    answer({ failed: { status: 0 } })
    return undefined
  }
  if (!response.ok) {
    answer({ failed: { status: response.status, body: await response.text().catch(() => '') } })
    return undefined
  }
  return response.arrayBuffer()
}

self.onmessage = async (event: MessageEvent<IndexWorkerQuestion>) => {
  const bytes = await bytesOf(event.data)
  if (!bytes) return
  const columns = columnsOf(JSON.parse(new TextDecoder().decode(bytes)) as TreeIndex)
  answer({ columns }, transferablesOf(columns))
}
