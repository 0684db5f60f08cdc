import { useQuery } from '@tanstack/react-query'
import { constellationSchema } from '../../../../shared/contracts/constellations.ts'
import { apiFetch } from '../../../lib/api-client.ts'
import { aiLabKeys } from './ai-lab-queries.ts'

export const constellationKey = () => [...aiLabKeys.all, 'constellations'] as const

/** The stars of what the person told; asked again when the tab is opened again after a minute. */
export function useConstellation() {
  return useQuery({
    queryKey: constellationKey(),
    queryFn: async ({ signal }) => constellationSchema.parse(await apiFetch<unknown>('/api/ai-lab/constellations', { signal })),
    staleTime: 60 * 1000,
  })
}
