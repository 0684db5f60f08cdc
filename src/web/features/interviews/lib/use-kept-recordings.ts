import { useCallback, useEffect, useRef, useState } from 'react'

/** Where the person's recordings are kept (the media feature, handed in by the page). */
export interface RecordingStore {
  /** Saves a recording with the interviewed member; the stored file's id, or null when it could not be saved. */
  keep: (recording: Blob, onProgress: (percent: number) => void) => Promise<string | null>
  /** Adds a saved recording to the interview session its message was saved in. */
  attach: (mediaId: string, sessionId: string) => Promise<boolean>
  /** Deletes a saved recording the person took back before sending it. */
  discard: (mediaId: string) => Promise<void>
}

/** A recording since the last message: being saved, saved with the member, or not saved yet. */
export interface KeptRecording {
  id: number
  blob: Blob
  /** An object URL to listen to it; freed by `remove` or `release`. */
  url: string
  state: 'saving' | 'saved' | 'failed'
  percent: number
  /** The stored file, once saved. */
  mediaId?: string
}

/**
 * The recordings made since the last message. Each is saved with the member the moment it stops;
 * a sent message takes them and adds them to its session, saving again any that failed first.
 */
export function useKeptRecordings(store: RecordingStore, onKept: (isKept: boolean) => void) {
  const [items, setItems] = useState<KeptRecording[]>([])
  // Saves under way, by recording: a message sent meanwhile waits for its recordings' own.
  const saving = useRef(new Map<number, Promise<string | null>>())
  const [savingCount, setSavingCount] = useState(0)
  // Recordings a message has taken: what becomes of them is said by the message.
  const taken = useRef(new Set<number>())
  const nextId = useRef(0)
  const latest = useRef({ store, onKept })
  useEffect(() => {
    latest.current = { store, onKept }
  })

  const change = useCallback((id: number, changes: Partial<KeptRecording>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...changes } : item)))
  }, [])

  const add = useCallback(
    (blob: Blob) => {
      nextId.current += 1
      const id = nextId.current
      setItems((list) => [...list, { id, blob, url: URL.createObjectURL(blob), state: 'saving', percent: 0 }])
      const kept = latest.current.store.keep(blob, (percent) => change(id, { percent })).catch(() => null)
      saving.current.set(id, kept)
      setSavingCount((count) => count + 1)
      void kept.then((mediaId) => {
        saving.current.delete(id)
        setSavingCount((count) => count - 1)
        change(id, mediaId ? { state: 'saved', mediaId } : { state: 'failed' })
        if (!taken.current.has(id)) latest.current.onKept(mediaId !== null)
      })
    },
    [change],
  )

  /** Puts back recordings whose message was not saved, ahead of any recorded since. */
  const restore = useCallback((recordings: KeptRecording[]) => {
    for (const item of recordings) taken.current.delete(item.id)
    setItems((list) => [...recordings, ...list])
  }, [])

  /**
   * Adds the recordings a message took to its saved session, once each is saved (again, for one
   * that failed at first); those that fail come back to the list for the next message. Answers
   * whether every one is now with the session.
   */
  const attachTo = useCallback(
    async (sessionId: string, recordings: KeptRecording[], onProgress: (percent: number) => void): Promise<boolean> => {
      const { store: current } = latest.current
      const failed: KeptRecording[] = []
      for (const item of recordings) {
        const mediaId = item.mediaId ?? (await saving.current.get(item.id)) ?? (await current.keep(item.blob, onProgress).catch(() => null))
        const isAttached = mediaId !== null && (await current.attach(mediaId, sessionId).catch(() => false))
        if (isAttached) URL.revokeObjectURL(item.url)
        else failed.push(mediaId ? { ...item, mediaId, state: 'saved' } : { ...item, state: 'failed' })
      }
      if (failed.length > 0) restore(failed)
      return failed.length === 0
    },
    [restore],
  )

  return {
    pending: items,
    /** A recording is still on its way to the server (the page asks before it is left). */
    isSaving: savingCount > 0,
    add,
    /** Takes a recording back: a saved one is deleted from the member's files. */
    remove(id: number) {
      const item = items.find((candidate) => candidate.id === id)
      if (!item || item.state === 'saving') return
      URL.revokeObjectURL(item.url)
      if (item.mediaId) void latest.current.store.discard(item.mediaId).catch(() => undefined)
      setItems((list) => list.filter((candidate) => candidate.id !== id))
    },
    /** Hands the recordings to a message being sent (those still saving too: `attachTo` waits for them). */
    takePending(): KeptRecording[] {
      for (const item of items) taken.current.add(item.id)
      setItems([])
      return items
    },
    attachTo,
    restore,
  }
}
