import { act } from '@testing-library/react'
import { vi } from 'vitest'
import { mediaIdHeader } from '../../../../shared/contracts/media.ts'

interface FakeOptions {
  endpoint?: string
  chunkSize?: number
  retryDelays?: number[]
  metadata?: Record<string, string>
  onProgress?: (sent: number, total: number) => void
  onSuccess?: (payload: { lastResponse: unknown }) => void
  onError?: (error: Error) => void
}

function response(status: number, headers: Record<string, string> = {}) {
  return {
    getStatus: () => status,
    getHeader: (name: string) => headers[name],
    getBody: () => '',
    getUnderlyingObject: () => null,
  }
}

/** Stands in for tus-js-client's `Upload`: the test drives its progress, success and failure. */
export class Upload {
  static instances: Upload[] = []
  readonly start = vi.fn()
  readonly abort = vi.fn((_terminate?: boolean) => Promise.resolve())

  constructor(
    readonly file: File,
    readonly options: FakeOptions,
  ) {
    Upload.instances.push(this)
  }

  findPreviousUploads() {
    return Promise.resolve([])
  }

  resumeFromPreviousUpload() {}

  progress(sent: number, total = this.file.size) {
    act(() => this.options.onProgress?.(sent, total))
  }

  succeed(mediaId: string) {
    act(() => this.options.onSuccess?.({ lastResponse: response(204, { [mediaIdHeader]: mediaId }) }))
  }

  fail(status: number | null) {
    const error = Object.assign(new Error(`tus: ${status}`), { originalResponse: status === null ? null : response(status) })
    act(() => this.options.onError?.(error))
  }
}

export function lastUpload(): Upload {
  const upload = Upload.instances.at(-1)
  if (!upload) throw new Error('No upload was started')
  return upload
}
