import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { uiLanguageOf } from '../../lib/ui-language.ts'

let startLoading = () => {}
// In the build's pre-render (no window) the form renders at once, so the HTML carries it.
const isNeeded = typeof window === 'undefined' ? Promise.resolve() : new Promise<void>((resolve) => (startLoading = resolve))
const SignUpForm = lazy(async () => {
  await isNeeded
  return { default: (await import('../../features/account/components/sign-up-form.tsx')).SignUpForm }
})

/** Renders nothing; its effect runs once the form around it has hydrated. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated])
  return null
}

/**
 * The landing page's sign-up form sits below the first screen, and its code (the form and
 * validation libraries) is a third of the page's scripts. The pre-rendered HTML shows the form at
 * once; its code loads when the form comes near the screen or is touched, and React hydrates it
 * then. A submit in between (Enter in a field, a quick tap) is held and replayed once the form is
 * live, so it never falls through to the browser's own form submission. When the page is rendered
 * in the browser (after a client-side navigation) the form loads straight away.
 *
 * `memo` with no props: the page re-rendering (the session query settling) must not reach the
 * boundary while it waits, or React would drop the server's HTML for the empty fallback. A
 * language chosen before the form came alive replaces the waiting form with a new one in that
 * language (a new key): hydrating the old HTML in another language could not match.
 */
export const LandingSignUpForm = memo(function LandingSignUpForm() {
  const navigate = useNavigate()
  const box = useRef<HTMLDivElement>(null)
  const state = useRef<{ isLive: boolean; heldForm?: HTMLFormElement }>({ isLive: false })
  const { i18n } = useTranslation()
  const [liveLanguage, setLiveLanguage] = useState<string>()
  const boundaryKey = liveLanguage ?? uiLanguageOf(i18n)
  const [servedLanguage] = useState(boundaryKey)

  useEffect(() => {
    if (boundaryKey !== servedLanguage) startLoading()
  }, [boundaryKey, servedLanguage])

  useEffect(() => {
    const element = box.current
    if (!element?.querySelector('form')) return startLoading()
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && startLoading(), { rootMargin: '50% 0px' })
    observer.observe(element)
    const holdSubmit = (event: Event) => {
      startLoading()
      if (state.current.isLive || !(event.target instanceof HTMLFormElement)) return
      event.preventDefault()
      state.current.heldForm = event.target
    }
    element.addEventListener('focusin', startLoading)
    element.addEventListener('pointerdown', startLoading)
    element.addEventListener('submit', holdSubmit, true)
    return () => {
      observer.disconnect()
      element.removeEventListener('focusin', startLoading)
      element.removeEventListener('pointerdown', startLoading)
      element.removeEventListener('submit', holdSubmit, true)
    }
  }, [])

  const handleHydrated = useCallback(() => {
    state.current.isLive = true
    setLiveLanguage(boundaryKey)
    state.current.heldForm?.requestSubmit()
  }, [boundaryKey])

  return (
    <div ref={box}>
      <Suspense key={boundaryKey} fallback={null}>
        <SignUpForm onSignedUp={() => void navigate('/dashboard')} />
        <Hydrated onHydrated={handleHydrated} />
      </Suspense>
    </div>
  )
})
