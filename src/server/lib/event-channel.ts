/**
 * A one-reader queue between a producer that must run to the end and a reader that may leave
 * early. The producer's `push`es never wait and never fail; once the reader has gone they are
 * dropped. Used so an AI reply is still saved when the browser tab closes mid-stream.
 */
export function createEventChannel<T>() {
  const buffered: T[] = []
  let closed = false
  let readerGone = false
  let wake: (() => void) | undefined

  const notify = () => {
    wake?.()
    wake = undefined
  }

  return {
    push(item: T): void {
      if (closed || readerGone) return
      buffered.push(item)
      notify()
    },
    close(): void {
      closed = true
      notify()
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<T> {
      try {
        while (true) {
          if (buffered.length > 0) {
            yield buffered.shift()!
            continue
          }
          if (closed) return
          await new Promise<void>((resolve) => (wake = resolve))
        }
      } finally {
        readerGone = true
        buffered.length = 0
      }
    },
  }
}
