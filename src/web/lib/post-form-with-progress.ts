import { isErrorBody } from '../../shared/errors.ts'
import { ApiError } from './api-client.ts'

/**
 * POSTs a form (a file) to our API and reports how much of it has been sent, from 0 to 1:
 * `fetch` cannot tell upload progress, XMLHttpRequest can. Resolves with the JSON answer and
 * rejects with an `ApiError`, exactly as `apiFetch` does.
 */
export function postFormWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', path)
    request.setRequestHeader('Accept', 'application/json')
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    })
    request.addEventListener('load', () => {
      let body: unknown
      try {
        body = JSON.parse(request.responseText)
      } catch {
        body = undefined
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T)
      if (isErrorBody(body)) return reject(new ApiError(request.status, body.error.code, body.error.message, body.error.details))
      reject(new ApiError(request.status, request.status >= 500 ? 'internal' : 'validation_failed', request.statusText))
    })
    request.addEventListener('error', () => reject(new ApiError(0, 'network_error', 'The server could not be reached')))
    request.send(form)
  })
}
