import { useMutation, useQuery } from '@tanstack/react-query'
import type { GedcomExportVersion, GedcomImportJob, GedcomPreview } from '../../../../shared/contracts/gedcom.ts'
import { ApiError, apiErrorFrom, apiFetch } from '../../../lib/api-client.ts'

const gedcomPath = '/api/family-tree/gedcom'

/** Where the browser downloads the tree as a GEDCOM file of `version`. */
export const gedcomExportUrl = (version: GedcomExportVersion) => `${gedcomPath}?version=${encodeURIComponent(version)}`

/** Where the browser downloads the tree as a GEDZIP: GEDCOM 7.0 with every member's files. */
export const gedzipExportUrl = `${gedcomPath}?version=7.0&format=gdz`

/** Sends the file as multipart field `file` (the browser writes the boundary) and reads the JSON answer. */
async function sendFile<T>(url: string, file: File): Promise<T> {
  const body = new FormData()
  body.append('file', file, file.name)
  let response: Response
  try {
    response = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, body })
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached')
  }
  if (!response.ok) throw await apiErrorFrom(response)
  return (await response.json()) as T
}

/** What a file holds and what would be skipped; nothing is written. */
export function useGedcomPreview() {
  return useMutation({ mutationFn: (file: File) => sendFile<GedcomPreview>(`${gedcomPath}?preview=1`, file) })
}

export function useStartGedcomImport() {
  return useMutation({ mutationFn: async (file: File) => (await sendFile<{ job: GedcomImportJob }>(gedcomPath, file)).job })
}

const isRunning = (job: GedcomImportJob | undefined) => job !== undefined && job.status !== 'done' && job.status !== 'failed'

/** The import's progress, asked again every half second until it ends; then `onEnded` (the page fetches the tree again). */
export function useGedcomImportJob(jobId: string | undefined, onEnded: () => Promise<unknown>) {
  return useQuery({
    queryKey: ['gedcom-import', jobId],
    enabled: jobId !== undefined,
    queryFn: async ({ signal }) => {
      const { job } = await apiFetch<{ job: GedcomImportJob }>(`${gedcomPath}/imports/${encodeURIComponent(jobId!)}`, { signal })
      if (!isRunning(job)) await onEnded()
      return job
    },
    refetchInterval: (query) => (query.state.data === undefined || isRunning(query.state.data) ? 500 : false),
  })
}
