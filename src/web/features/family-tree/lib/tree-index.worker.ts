// Parses the index of names off the page's main thread: the JSON of 100,000 people is a task of
// 100 ms there. Given the answer's bytes (moved here, not copied), answers its columns.
import type { TreeIndex } from '../../../../shared/contracts/family-tree-view.ts'
import { columnsOf, transferablesOf } from './index-columns.ts'

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  const columns = columnsOf(JSON.parse(new TextDecoder().decode(event.data)) as TreeIndex)
  self.postMessage(columns, { transfer: transferablesOf(columns) })
}
