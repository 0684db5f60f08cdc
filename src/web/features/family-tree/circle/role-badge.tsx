import { useTranslation } from 'react-i18next'
import type { TreeRole } from '../../../../shared/contracts/family-circle.ts'
import './family-circle.css'

/** A person's role in a tree in plain words («Cuida el árbol», «Edita», «Aporta recuerdos», «Mira»). */
export function RoleBadge({ role }: { role: TreeRole }) {
  const { t } = useTranslation('common')
  return <span className={`role-badge role-badge-${role}`}>{t(`roles.${role}`)}</span>
}
