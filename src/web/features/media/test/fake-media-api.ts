import { updateMediaSchema, type MediaAsset } from '../../../../shared/contracts/media.ts'
import { defaultUploadLimits, type UploadLimits } from '../../../../shared/upload-limits.ts'
import { fakeApi, jsonResponse, type RecordedRequest } from '../../../test/http.ts'

interface FakeMediaApiOptions {
  /** Status of every DELETE; 204 deletes the file. */
  deleteStatus?: number
  /** Status of every PATCH; 200 saves the caption with the server's rules. */
  updateStatus?: number
  /** What `/api/media/limits` answers: the operator's sizes. */
  limits?: UploadLimits
}

/**
 * Stands in for `/api/media` with `fetch`: the lists of member-1 and entry-1, DELETE and PATCH
 * on the files it holds, the upload limits, and 500 for anything else. Lists answer what has been saved so far.
 */
export function fakeMediaApi(media: MediaAsset[], { deleteStatus = 204, updateStatus = 200, limits = defaultUploadLimits }: FakeMediaApiOptions = {}) {
  let stored = [...media]
  const findAsset = (url: string) => stored.find((asset) => url.endsWith(`/api/media/${asset.id}`))
  function route({ method, path: url, body }: RecordedRequest) {
    if (method === 'DELETE') {
      if (deleteStatus !== 204) return jsonResponse(deleteStatus, { error: { code: 'not_found', message: 'nope' } })
      stored = stored.filter((asset) => asset !== findAsset(url))
      return new Response(null, { status: 204 })
    }
    if (method === 'PATCH') {
      const asset = findAsset(url)
      if (updateStatus !== 200) return jsonResponse(updateStatus, { error: { code: 'internal', message: 'boom' } })
      if (!asset) return jsonResponse(404, { error: { code: 'not_found', message: 'nope' } })
      const parsed = updateMediaSchema.safeParse(body)
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message }))
        return jsonResponse(400, { error: { code: 'validation_failed', message: 'invalid', details } })
      }
      const updated = { ...asset, caption: parsed.data.caption }
      stored = stored.map((item) => (item.id === updated.id ? updated : item))
      return jsonResponse(200, updated)
    }
    if (method === 'GET' && url === '/api/media/limits') return jsonResponse(200, limits)
    if (url.startsWith('/api/media?memberId=member-1') || url === '/api/media?entryId=entry-1') return jsonResponse(200, { media: stored })
    return jsonResponse(500, { error: { code: 'internal', message: 'boom' } })
  }

  return fakeApi(route).fetch
}
