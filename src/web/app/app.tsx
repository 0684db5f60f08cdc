import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, Suspense, useState, type ReactNode } from 'react'
import { RouterProvider } from 'react-router'
import { createAppRouter } from './router.tsx'

/** Shown before any catalogue has arrived, so it cannot be translated (docs/product.md#languages). */
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

/**
 * Everything around the router, shared by the browser and the build's pre-render so that both
 * produce the same tree (hydration compares them).
 */
export function AppFrame({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<LoadingTranslations />}>{children}</Suspense>
      </QueryClientProvider>
    </StrictMode>
  )
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(createAppRouter)
  return (
    <AppFrame queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  )
}
