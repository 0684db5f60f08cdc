import { useCallback, useEffect, useRef, useState } from 'react'
import type { AttachmentSlot } from '../components/slots.ts'

/** A file chosen in the chat, waiting for its memory, being attached, or failed to attach. */
export interface PendingAttachment {
  id: string
  file: File
  state: 'waiting' | 'uploading' | 'failed'
  percent: number
  /** The memory it goes to, once the exchange was saved. */
  entryId?: string
}

/**
 * The files chosen while chatting (the attach-media dialog). They wait until Cronos' reply is
 * saved as a memory, then are uploaded one after the other, linked to it; a failed one stays
 * with its memory for a retry. `onAttached` runs after each file that made it.
 */
export function usePendingAttachments(slot: AttachmentSlot | undefined, onAttached: (file: File) => void) {
  const [items, setItems] = useState<PendingAttachment[]>([])
  const nextId = useRef(0)
  // The files as they are now: one removed while Cronos was still answering is not uploaded.
  const current = useRef(items)
  useEffect(() => {
    current.current = items
  })

  const change = useCallback((id: string, changes: Partial<PendingAttachment>) => {
    setItems((previous) => previous.map((item) => (item.id === id ? { ...item, ...changes } : item)))
  }, [])

  const add = useCallback((files: File[]) => {
    const added = files.map((file): PendingAttachment => {
      nextId.current += 1
      return { id: `attachment-${nextId.current}`, file, state: 'waiting', percent: 0 }
    })
    setItems((previous) => [...previous, ...added])
  }, [])

  const remove = useCallback((id: string) => setItems((previous) => previous.filter((item) => item.id !== id)), [])

  const uploadOne = useCallback(
    async (item: PendingAttachment, entryId: string) => {
      if (!slot) return false
      change(item.id, { state: 'uploading', percent: 0, entryId })
      let isStored = false
      try {
        isStored = await slot.upload(item.file, entryId, (percent) => change(item.id, { percent }))
      } catch {
        isStored = false
      }
      if (isStored) {
        remove(item.id)
        onAttached(item.file)
      } else {
        change(item.id, { state: 'failed' })
      }
      return isStored
    },
    [change, onAttached, remove, slot],
  )

  /** Uploads the given waiting files, linked to the saved memory; true when all made it. */
  const attachTo = useCallback(
    async (entryId: string, chosen: PendingAttachment[]) => {
      let allStored = true
      for (const item of chosen) {
        if (!current.current.some((kept) => kept.id === item.id)) continue
        allStored = (await uploadOne(item, entryId)) && allStored
      }
      return allStored
    },
    [uploadOne],
  )

  const retry = useCallback((item: PendingAttachment) => (item.entryId ? uploadOne(item, item.entryId) : Promise.resolve(false)), [uploadOne])

  return {
    items,
    /** Files that go with the next message (none of them has a memory yet). */
    waiting: items.filter((item) => item.state === 'waiting' && !item.entryId),
    isUploading: items.some((item) => item.state === 'uploading'),
    add,
    remove,
    attachTo,
    retry,
  }
}
