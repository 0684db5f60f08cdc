import { useTranslation } from 'react-i18next'
import { BeingBuilt } from '../../components/ui/being-built.tsx'

export function AiLabRoute() {
  const { t } = useTranslation()
  return <BeingBuilt title={t('pages.aiLab')} />
}
