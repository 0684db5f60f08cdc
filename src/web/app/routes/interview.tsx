import { useTranslation } from 'react-i18next'
import { BeingBuilt } from '../../components/ui/being-built.tsx'

export function InterviewRoute() {
  const { t } = useTranslation()
  return <BeingBuilt title={t('pages.interview')} />
}
