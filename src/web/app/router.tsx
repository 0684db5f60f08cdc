import { createBrowserRouter, type RouteObject } from 'react-router'
import { AppLayout } from './layouts/app-layout.tsx'
import { RequireAuth } from './require-auth.tsx'
import { RouteError } from './route-error.tsx'

/** Every route of spec §2. Pages are loaded lazily; a failed chunk shows `RouteError`. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/landing.tsx')).LandingRoute }) },
          { path: 'login', lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }) },
          { path: 'signup', lazy: async () => ({ Component: (await import('./routes/signup.tsx')).SignupRoute }) },
          { path: 'contact', lazy: async () => ({ Component: (await import('./routes/contact.tsx')).ContactRoute }) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'dashboard', lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardRoute }) },
              { path: 'my-dreams', lazy: async () => ({ Component: (await import('./routes/my-dreams.tsx')).MyDreamsRoute }) },
              { path: 'family-tree', lazy: async () => ({ Component: (await import('./routes/family-tree.tsx')).FamilyTreeRoute }) },
              { path: 'interview/:memberId', lazy: async () => ({ Component: (await import('./routes/interview.tsx')).InterviewRoute }) },
              { path: 'my-biography', lazy: async () => ({ Component: (await import('./routes/my-biography.tsx')).MyBiographyRoute }) },
              { path: 'account', lazy: async () => ({ Component: (await import('./routes/account.tsx')).AccountRoute }) },
              { path: 'ai-lab', lazy: async () => ({ Component: (await import('./routes/ai-lab.tsx')).AiLabRoute }) },
            ],
          },
          { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }) },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
