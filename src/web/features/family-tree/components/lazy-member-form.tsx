import { lazy, Suspense, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import type { MemberForm as MemberFormComponent } from './member-form.tsx'

// The form brings react-hook-form, zod and every field of a person: a chunk of its own, fetched
// when a form is first opened (adding someone, editing a card), not with the tree page.
const loadMemberForm = () => import('./member-form.tsx')
const MemberForm = lazy(async () => ({ default: (await loadMemberForm()).MemberForm }))

/**
 * Starts fetching the form's code when someone is about to open it (a pointer over, or focus on,
 * the button that opens it), so it is usually there by the click. The browser fetches it once.
 */
export function preloadMemberForm(): void {
  void loadMemberForm()
}

/** `MemberForm`, loaded on first use; until its code has arrived, a line says it is opening. */
export function LazyMemberForm(props: ComponentProps<typeof MemberFormComponent>) {
  const { t } = useTranslation('family-tree')
  return (
    <Suspense
      fallback={
        <p className="member-form-opening" role="status">
          {t('form.loading')}
        </p>
      }
    >
      <MemberForm {...props} />
    </Suspense>
  )
}
