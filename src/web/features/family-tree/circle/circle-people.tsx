import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { treeRoles, type Circle, type CirclePerson, type TreeRole } from '../../../../shared/contracts/family-circle.ts'
import { roleMay } from '../../../../shared/family-tree/roles.ts'
import { StatusMessage } from '../../../components/ui/banner.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useChangeRole, useRemovePerson } from '../api/circle-queries.ts'
import { RoleBadge } from './role-badge.tsx'

type Pending = { kind: 'role'; person: CirclePerson; role: TreeRole } | { kind: 'remove'; person: CirclePerson } | { kind: 'leave'; person: CirclePerson }

interface CirclePeopleProps {
  circle: Circle
  /** Reads the pages again once the person has left this tree (another is shown now). */
  onLeft: () => Promise<void>
}

/**
 * The people of the tree with their roles and the card each one is; the owner changes roles
 * (handing the tree over is said in plain words) and removes people; anyone else may leave.
 */
export function CirclePeople({ circle, onLeft }: CirclePeopleProps) {
  const { t } = useTranslation(['family-circle', 'errors'])
  const changeRole = useChangeRole(circle.treeId)
  const remove = useRemovePerson(circle.treeId, onLeft)
  const [pending, setPending] = useState<Pending>()
  const [announcement, setAnnouncement] = useState('')
  const headingId = useId()
  const mayManage = roleMay(circle.yourRole, 'circle.manage')
  const running = pending?.kind === 'role' ? changeRole : remove

  function handleCancel() {
    setPending(undefined)
    changeRole.reset()
    remove.reset()
  }

  async function handleConfirm() {
    if (!pending) return
    const { person } = pending
    try {
      if (pending.kind === 'role') {
        await changeRole.mutateAsync({ userId: person.userId, role: pending.role })
        setAnnouncement(
          pending.role === 'owner' ? t('people.handedOver', { name: person.name }) : t('people.roleChanged', { name: person.name, role: t(`common:roles.${pending.role}`) }),
        )
      } else {
        await remove.mutateAsync({ userId: person.userId, isYou: pending.kind === 'leave' })
        setAnnouncement(pending.kind === 'leave' ? t('people.left', { tree: circle.treeName }) : t('people.removed', { name: person.name }))
      }
      setPending(undefined)
    } catch {
      // Said in the dialog, which stays open.
    }
  }

  return (
    <section className="circle-people" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('people.heading')}</h2>
      <StatusMessage>{announcement}</StatusMessage>
      <ul className="circle-people-list">
        {circle.people.map((person) => (
          <li key={person.userId}>
            <PersonRow person={person} mayManage={mayManage} onRequest={setPending} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== undefined}
        title={pending ? confirmTitle(t, pending, circle.treeName) : ''}
        description={pending && <p>{confirmText(t, pending, circle.treeName)}</p>}
        confirmLabel={pending ? confirmLabel(t, pending) : ''}
        cancelLabel={t('people.cancel')}
        pendingLabel={t('people.working')}
        pending={running.isPending}
        error={running.isError ? errorText(t, running.error) : undefined}
        onConfirm={() => void handleConfirm()}
        onCancel={handleCancel}
      />
    </section>
  )
}

type T = ReturnType<typeof useTranslation>['t']

function confirmTitle(t: T, pending: Pending, treeName: string): string {
  if (pending.kind === 'leave') return t('people.leaveTitle', { tree: treeName })
  if (pending.kind === 'remove') return t('people.removeTitle', { name: pending.person.name })
  return pending.role === 'owner' ? t('people.handOverTitle', { name: pending.person.name }) : t('people.roleTitle', { name: pending.person.name })
}

function confirmText(t: T, pending: Pending, treeName: string): string {
  if (pending.kind === 'leave') return t('people.leaveText', { tree: treeName })
  if (pending.kind === 'remove') return t('people.removeText', { name: pending.person.name, tree: treeName })
  if (pending.role === 'owner') return t('people.handOverText', { name: pending.person.name })
  return t('people.roleText', { name: pending.person.name, role: t(`common:roles.${pending.role}`), sentence: t(`invite.roleSentence.${pending.role}`) })
}

function confirmLabel(t: T, pending: Pending): string {
  if (pending.kind === 'leave') return t('people.leaveConfirm')
  if (pending.kind === 'remove') return t('people.removeConfirm')
  return pending.role === 'owner' ? t('people.handOverConfirm') : t('people.roleConfirm')
}

function PersonRow({ person, mayManage, onRequest }: { person: CirclePerson; mayManage: boolean; onRequest: (pending: Pending) => void }) {
  const { t } = useTranslation('family-circle')
  const [role, setRole] = useState<TreeRole>(person.role)
  const selectId = useId()
  const canChange = mayManage && !person.isYou
  const canRemove = mayManage && !person.isYou && !person.isHolder && person.role !== 'owner'
  const canLeave = person.isYou && !person.isHolder && person.role !== 'owner'

  return (
    <article className="circle-person card" aria-label={person.name}>
      <p className="circle-person-name">
        <strong>{person.name}</strong>
        {person.isYou && <span className="circle-person-you"> {t('people.you')}</span>} <RoleBadge role={person.role} />
      </p>
      <p className="circle-person-card">{person.linkedMemberName ? t('people.linked', { member: person.linkedMemberName }) : t('people.notLinked')}</p>
      {(canChange || canRemove || canLeave) && (
        <div className="circle-person-actions">
          {canChange && (
            <div className="circle-person-role">
              <label htmlFor={selectId}>{t('people.roleLabel', { name: person.name })}</label>
              <select id={selectId} value={role} onChange={(event) => setRole(event.target.value as TreeRole)}>
                {treeRoles.map((option) => (
                  <option key={option} value={option}>
                    {option === 'owner' ? t('people.handOverOption') : t(`common:roles.${option}`)}
                  </option>
                ))}
              </select>
              <button type="button" className="button" aria-disabled={role === person.role} onClick={() => role !== person.role && onRequest({ kind: 'role', person, role })}>
                {t('people.changeRole')}
              </button>
            </div>
          )}
          {canRemove && (
            <button
              type="button"
              className="button button-danger"
              aria-label={t('people.removeLabel', { name: person.name })}
              onClick={() => onRequest({ kind: 'remove', person })}
            >
              {t('people.remove')}
            </button>
          )}
          {canLeave && (
            <button type="button" className="button button-danger" onClick={() => onRequest({ kind: 'leave', person })}>
              {t('people.leave')}
            </button>
          )}
        </div>
      )}
    </article>
  )
}
