import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { StatusMessage } from '../../components/ui/banner.tsx'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSaveLanguage, useSession } from '../../features/account/api/session-queries.ts'
import { FeatureCards } from '../../features/landing/components/feature-cards.tsx'
import { Hero, IntroSection } from '../../features/landing/components/hero.tsx'
import { LandingTopBar } from '../../features/landing/components/landing-top-bar.tsx'
import { revealSection } from '../../features/landing/components/reveal-section.ts'
import { SignUpSection } from '../../features/landing/components/sign-up-section.tsx'
import { WhySection } from '../../features/landing/components/why-section.tsx'
import { LandingSignUpForm } from './landing-sign-up-form.tsx'

export function LandingRoute() {
  const { t } = useTranslation(['landing', 'common'])
  useDocumentTitle(t('common:pages.landing'))
  const session = useSession()
  const signUpHeading = useRef<HTMLHeadingElement>(null)
  const isSignedIn = Boolean(session.data)
  const saveLanguage = useSaveLanguage()
  // Set by the account page after the account was erased: a word of farewell, once.
  const accountDeleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true

  return (
    <div className="page landing">
      <LandingTopBar isSignedIn={isSignedIn} onLanguageChanged={isSignedIn ? (language) => saveLanguage.mutate(language) : undefined} />
      <StatusMessage>{accountDeleted ? t('accountDeleted') : null}</StatusMessage>
      <Hero onStart={() => revealSection(signUpHeading.current)} />
      <IntroSection />
      <FeatureCards />
      <SignUpSection headingRef={signUpHeading} isSignedIn={isSignedIn}>
        <LandingSignUpForm />
      </SignUpSection>
      <WhySection />
    </div>
  )
}
