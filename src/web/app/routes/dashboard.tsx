import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useDocumentTitle } from '../../components/ui/use-document-title.ts'
import { useSession } from '../../features/account/api/session-queries.ts'
import { useAiLabStatus } from '../../features/ai-lab/api/ai-lab-queries.ts'
import { SignOutButton } from '../../features/account/components/sign-out-button.tsx'
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header.tsx'
import { DashboardTiles } from '../../features/dashboard/components/dashboard-tiles.tsx'
import { RecentActivity } from '../../features/dashboard/components/recent-activity.tsx'
import { useRecentActivity } from '../../features/dashboard/api/recent-queries.ts'
import { InviteButton } from '../../features/dashboard/components/invite-button.tsx'
import { FamilyNews } from '../../features/dashboard/components/family-news.tsx'
import { useFamilyNews, useSharesATree } from '../../features/dashboard/api/family-news-queries.ts'
import { OnThisDay } from '../../features/dashboard/components/on-this-day.tsx'
import { useOnThisDay } from '../../features/dashboard/api/on-this-day-queries.ts'

export function DashboardRoute() {
  const { t } = useTranslation(['dashboard', 'common'])
  useDocumentTitle(t('common:pages.dashboard'))
  const session = useSession()
  const navigate = useNavigate()
  // The lab's tile promises a model's stories only where a model answers.
  const isAiGuided = useAiLabStatus().data?.canGenerate === false

  return (
    <section className="page dashboard" aria-labelledby="dashboard-title">
      <DashboardHeader me={session.data} />
      <RecentActivity recent={useRecentActivity().data} />
      <OnThisDay day={useOnThisDay().data} />
      <FamilyNews news={useFamilyNews().data} sharesATree={useSharesATree().data === true} />
      <DashboardTiles isAiGuided={isAiGuided} />
      <div className="dashboard-actions">
        <InviteButton />
        <Link to="/account" className="button">
          {t('account')}
        </Link>
        <SignOutButton onSignedOut={() => void navigate('/login', { replace: true })} />
      </div>
    </section>
  )
}
