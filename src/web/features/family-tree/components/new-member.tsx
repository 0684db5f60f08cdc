import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreateMember, Member } from '../../../../shared/contracts/family-tree.ts'
import { useCreateMember } from '../api/family-tree-queries.ts'
import { memberName } from '../lib/member-name.ts'
import { newRelativeValues, type NewRelativeRequest } from '../lib/new-relative.ts'
import { LazyMemberForm } from './lazy-member-form.tsx'

interface NewMemberProps {
  id?: string
  members: readonly Member[]
  onAdded: (member: Member) => void
  onCancel: () => void
  /** A relative of someone in the tree («Añadir madre» in the chart): the form opens linked to them. */
  relative?: NewRelativeRequest
}

/** The card where a new person joins the tree (the tree itself is created with the first one). */
export function NewMember({ id, members, onAdded, onCancel, relative }: NewMemberProps) {
  const { t } = useTranslation('family-tree')
  const createMember = useCreateMember()
  const headingId = useId()
  const of = relative && members.find((member) => member.memberId === relative.memberId)
  // Worked out once: the form keeps its first values.
  const [initialValues] = useState(() =>
    relative && of
      ? newRelativeValues(relative.relation, of, members, {
          mother: t('relative.word.mother'),
          father: t('relative.word.father'),
          grandmother: t('relative.word.grandmother'),
          grandfather: t('relative.word.grandfather'),
          child: t('relative.word.child'),
          grandchild: t('relative.word.grandchild'),
        })
      : undefined,
  )

  async function handleSubmit(body: CreateMember) {
    onAdded(await createMember.mutateAsync(body))
  }

  return (
    <section id={id} className="card new-member" aria-labelledby={headingId}>
      <h2 id={headingId}>{relative && of ? t(`relative.heading.${relative.relation}`, { name: memberName(of) }) : t('form.newHeading')}</h2>
      <LazyMemberForm
        labelledBy={headingId}
        members={members}
        submitLabel={t('form.save')}
        onSubmit={handleSubmit}
        onCancel={onCancel}
        {...(initialValues ? { initialValues } : {})}
      />
    </section>
  )
}
