import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreateMember, Member } from '../../../../shared/contracts/family-tree.ts'
import { useCreateMember } from '../api/family-tree-queries.ts'
import { LazyMemberForm } from './lazy-member-form.tsx'

interface NewMemberProps {
  id?: string
  members: readonly Member[]
  onAdded: (member: Member) => void
  onCancel: () => void
}

/** The card where a new person joins the tree (the tree itself is created with the first one). */
export function NewMember({ id, members, onAdded, onCancel }: NewMemberProps) {
  const { t } = useTranslation('family-tree')
  const createMember = useCreateMember()
  const headingId = useId()

  async function handleSubmit(body: CreateMember) {
    onAdded(await createMember.mutateAsync(body))
  }

  return (
    <section id={id} className="card new-member" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('form.newHeading')}</h2>
      <LazyMemberForm labelledBy={headingId} members={members} submitLabel={t('form.save')} onSubmit={handleSubmit} onCancel={onCancel} />
    </section>
  )
}
