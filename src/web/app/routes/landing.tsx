import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSaveLanguage, useSession } from '../../features/account/api/session-queries.ts'
import { SignUpForm } from '../../features/account/components/sign-up-form.tsx'
import { FeatureCards } from '../../features/landing/components/feature-cards.tsx'
import { Hero, IntroSection } from '../../features/landing/components/hero.tsx'
import { LandingTopBar } from '../../features/landing/components/landing-top-bar.tsx'
import { revealSection } from '../../features/landing/components/reveal-section.ts'
import { SignUpSection } from '../../features/landing/components/sign-up-section.tsx'
import { WhySection } from '../../features/landing/components/why-section.tsx'

export function LandingRoute() {
  const { t } = useTranslation(['landing', 'common'])
  useDocumentTitle(t('common:pages.landing'))
  const session = useSession()
  const navigate = useNavigate()
  const signUpHeading = useRef<HTMLHeadingElement>(null)
  const isSignedIn = Boolean(session.data)
  const saveLanguage = useSaveLanguage()

  return (
    <div className="page landing">
      <LandingTopBar
        isSignedIn={isSignedIn}
        onLanguageChanged={isSignedIn ? (language) => saveLanguage.mutate(language) : undefined}
      />
      <Hero onStart={() => revealSection(signUpHeading.current)} />
      <IntroSection />
      <FeatureCards />
      <SignUpSection headingRef={signUpHeading} isSignedIn={isSignedIn}>
        <SignUpForm onSignedUp={() => void navigate('/dashboard')} />
      </SignUpSection>
      <WhySection />
    </div>
  )
}
