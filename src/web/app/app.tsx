import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { RouterProvider } from 'react-router'
import { createAppRouter } from './router.tsx'

/** Shown before any catalogue has arrived, so it cannot be translated (spec §2). */
function LoadingTranslations() {
  return (
    <p className="page-status" role="status">
      Loading translations...
    </p>
  )
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } },
  })
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createAppRouter)
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<LoadingTranslations />}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  )
}
