import { useCallback, useEffect, useRef, useState } from 'react'

/** A file as it went with a message: its name, its type and, for a photo, a picture of it on this device. */
export interface SentFile {
  name: string
  type: string
  /** An object URL of the photo itself, shown at once (its thumbnail on the server comes later). */
  url?: string
}

/**
 * The files each of the person's messages took, to show in their bubble: photos from the device
 * right away, before they are uploaded. The pictures are freed when the chat goes.
 */
export function useSentFiles() {
  const [byMessage, setByMessage] = useState<SentFile[][]>([])
  const urls = useRef<string[]>([])
  useEffect(() => {
    const made = urls.current
    return () => made.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  /** Remembers the files that went with the person's message number `index` (from 0). */
  const record = useCallback((index: number, files: File[]) => {
    const sent = files.map((file): SentFile => {
      const url = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined
      if (url) urls.current.push(url)
      return { name: file.name, type: file.type, url }
    })
    setByMessage((previous) => {
      const next = [...previous]
      next[index] = sent
      return next
    })
  }, [])

  return { of: (index: number): SentFile[] => byMessage[index] ?? [], record }
}
