import { useCallback, useEffect, useRef, useState } from 'react'
import type { MediaLinkType } from '../../../../shared/media-path.ts'
import { startUpload, type UploadFailure, type UploadHandle } from './upload-file.ts'

/** The uploader's states (docs/product.md#media): no file / file selected (idle), uploading (running or paused). */
export type UploadPhase = 'idle' | 'uploading' | 'paused'

export type UploadOutcome = { type: 'done'; mediaId: string | null } | { type: 'failed'; failure: UploadFailure } | { type: 'cancelled' }

interface UploadRequest {
  file: File
  caption: string
  linkedToType: MediaLinkType
  linkedToId: string
}

/**
 * The uploader's engine, apart from its screen (which shrinks a large photo when it is chosen):
 * sends the file with tus and reports progress; `upload` resolves with the outcome.
 */
export function useUpload() {
  const [phase, setPhase] = useState<UploadPhase>('idle')
  const [percent, setPercent] = useState(0)
  const handle = useRef<UploadHandle>(undefined)
  const settle = useRef<(outcome: UploadOutcome) => void>(undefined)

  // Leaving the screen mid-upload stops sending; the browser remembers it for a later resume.
  useEffect(() => () => handle.current?.pause(), [])

  const finish = useCallback((outcome: UploadOutcome) => {
    handle.current = undefined
    const resolve = settle.current
    settle.current = undefined
    setPhase('idle')
    resolve?.(outcome)
  }, [])

  const upload = useCallback(
    ({ file, caption, linkedToType, linkedToId }: UploadRequest): Promise<UploadOutcome> => {
      setPercent(0)
      setPhase('uploading')
      return new Promise<UploadOutcome>((resolve) => {
        settle.current = resolve
        handle.current = startUpload(
          file,
          { filename: file.name, filetype: file.type, caption: caption.trim(), linkedToType, linkedToId },
          {
            onProgress: (sent, total) => setPercent(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0),
            onSuccess: (mediaId) => finish({ type: 'done', mediaId }),
            onError: (failure) => finish({ type: 'failed', failure }),
          },
        )
      })
    },
    [finish],
  )

  const pause = useCallback(() => {
    if (!handle.current) return
    handle.current.pause()
    setPhase('paused')
  }, [])

  const resume = useCallback(() => {
    if (!handle.current) return
    handle.current.resume()
    setPhase('uploading')
  }, [])

  const cancel = useCallback(() => {
    if (!handle.current) return
    handle.current.cancel()
    finish({ type: 'cancelled' })
  }, [finish])

  const reset = useCallback(() => setPercent(0), [])

  return { phase, percent, upload, pause, resume, cancel, reset }
}
