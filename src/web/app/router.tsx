import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { i18n, type Namespace } from '../lib/i18n.ts'
import { AppLayout } from './layouts/app-layout.tsx'
import { RequireAuth } from './require-auth.tsx'
import { RouteError } from './route-error.tsx'

/**
 * What a route needs before it can show anything, known without running it: the catalogues its
 * page uses, and the API reads it makes at once. The build puts the catalogues in the page's HTML
 * and preloads the reads from it; the browser's first script takes those answers
 * (`startEarlyReads`), so nothing waits for the route's code to render before asking.
 */
export interface RouteNeeds {
  namespaces?: Namespace[]
  requests?: string[]
}

/**
 * A lazily loaded page: its script and its catalogues are fetched side by side, so the page does
 * not wait for the one and then the other (nor flash 'Loading translations...' in between).
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, RouteObject['Component']>>,
  name: Name,
  namespaces: Namespace[],
  requests: string[] = [],
): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    handle: { namespaces, requests } satisfies RouteNeeds,
    lazy: async () => {
      const namespacesLoaded = i18n.isInitialized ? i18n.loadNamespaces(namespaces) : undefined
      const [module] = await Promise.all([load(), namespacesLoaded])
      return { Component: module[name] }
    },
  }
}

/** Every route of docs/product.md#routes. Pages are loaded lazily; a failed chunk shows `RouteError`. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(() => import('./routes/landing.tsx'), 'LandingRoute', ['landing', 'auth']) },
          { path: 'login', ...page(() => import('./routes/login.tsx'), 'LoginRoute', ['auth']) },
          { path: 'signup', ...page(() => import('./routes/signup.tsx'), 'SignupRoute', ['auth']) },
          { path: 'forgot-password', ...page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordRoute', ['auth']) },
          { path: 'reset-password', ...page(() => import('./routes/reset-password.tsx'), 'ResetPasswordRoute', ['auth']) },
          { path: 'contact', ...page(() => import('./routes/contact.tsx'), 'ContactRoute', ['contact']) },
          { path: 'invitation/:token', ...page(() => import('./routes/invitation.tsx'), 'InvitationRoute', ['family-circle']) },
          {
            element: <RequireAuth />,
            handle: { requests: ['/api/session'] } satisfies RouteNeeds,
            children: [
              { path: 'dashboard', ...page(() => import('./routes/dashboard.tsx'), 'DashboardRoute', ['dashboard', 'auth']) },
              { path: 'my-dreams', ...page(() => import('./routes/my-dreams.tsx'), 'MyDreamsRoute', ['dreams']) },
              {
                path: 'family-tree',
                ...page(
                  () => import('./routes/family-tree.tsx'),
                  'FamilyTreeRoute',
                  ['family-tree', 'family-chart', 'gedcom', 'media', 'facts'],
                  // The view the page asks first (`treeViewPath()`): around the reader, never the whole tree.
                  ['/api/family-tree/view?generations=3', '/api/trees'],
                ),
              },
              { path: 'family', ...page(() => import('./routes/family.tsx'), 'FamilyRoute', ['family-circle', 'family-chart'], ['/api/trees']) },
              { path: 'interview/:memberId', ...page(() => import('./routes/interview.tsx'), 'InterviewRoute', ['interviews', 'chat', 'media', 'facts']) },
              { path: 'my-biography', ...page(() => import('./routes/my-biography.tsx'), 'MyBiographyRoute', ['biography', 'chat', 'media', 'facts']) },
              { path: 'my-story', ...page(() => import('./routes/my-story.tsx'), 'MyStoryRoute', ['story'], ['/api/biography/entries']) },
              { path: 'story/:memberId', ...page(() => import('./routes/story.tsx'), 'StoryRoute', ['story']) },
              { path: 'timeline', ...page(() => import('./routes/family-timeline.tsx'), 'FamilyTimelineRoute', ['timeline'], ['/api/family-tree/index']) },
              { path: 'timeline/:memberId', ...page(() => import('./routes/timeline.tsx'), 'TimelineRoute', ['timeline']) },
              { path: 'account', ...page(() => import('./routes/account.tsx'), 'AccountRoute', ['auth', 'listening']) },
              { path: 'ai-lab', ...page(() => import('./routes/ai-lab.tsx'), 'AiLabRoute', ['ai-lab', 'memory-game']) },
              { path: 'book', ...page(() => import('./routes/book.tsx'), 'BookRoute', ['book'], ['/api/family-tree/index', '/api/family-tree/view?generations=0', '/api/books']) },
              { path: 'search', ...page(() => import('./routes/search.tsx'), 'SearchRoute', ['search']) },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found.tsx'), 'NotFoundRoute', []) },
        ],
      },
    ],
  },
]

/**
 * The signed-in pages drawn in their loading state for someone signed in (src/web/lib/signed-in-shell.ts):
 * the build writes their signed-in shells, which paint the page's heading from the HTML and ask for
 * the app's scripts only once painted. A page joins when everything it renders before its data
 * renders the same in the build and in the browser, and shows no one's data.
 */
export const pagesDrawnSignedIn: readonly string[] = ['/dashboard', '/family-tree']

/**
 * `isPageDrawn`: the page's HTML is already on screen (pre-rendered, about to be hydrated). The
 * router then leaves the scroll where it is on its first render instead of scrolling to the top,
 * which it does for a page it renders itself: someone may have scrolled the drawn page while the
 * scripts came, and the jump would move what they are about to tap from under their finger (the
 * tap then lands on whatever took its place). An empty hydration state is how the router is told
 * the page was rendered before it: these routes have no loaders whose data it could hold.
 */
export function createAppRouter({ isPageDrawn = false }: { isPageDrawn?: boolean } = {}) {
  return createBrowserRouter(routes, isPageDrawn ? { hydrationData: {} } : undefined)
}

/**
 * Loads the pages that match `pathname` before the router starts, so that hydrating a
 * pre-rendered page renders that page at once, as the server did, not an empty router first.
 */
export async function loadMatchedRoutes(pathname: string, tree: RouteObject[] = routes): Promise<void> {
  const lazyMatches = (matchRoutes(tree, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function')
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>
      Object.assign(route, { ...(await load()), lazy: undefined })
    }),
  )
}

/** The needs of every route that matches `pathname`, from the outermost in. */
export function routeNeeds(pathname: string, tree: RouteObject[] = routes): Required<RouteNeeds> {
  const needs = (matchRoutes(tree, pathname) ?? []).map((match) => (match.route.handle ?? {}) as RouteNeeds)
  return { namespaces: needs.flatMap((need) => need.namespaces ?? []), requests: needs.flatMap((need) => need.requests ?? []) }
}
