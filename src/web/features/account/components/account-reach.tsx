import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { AccountReach as Reach } from '../../../../shared/contracts/family-circle.ts'

type Contribution = Reach['contributions'][number]

/** «las 4 entrevistas y 2 archivos»: what the person added to one tree, leaving out what they added none of. */
function addedThings(t: TFunction<'auth'>, { interviews, files }: Contribution): string {
  const interviewsText = interviews > 0 ? t('account.delete.reach.interviews', { count: interviews }) : ''
  if (files === 0) return interviewsText
  if (interviews === 0) return t('account.delete.reach.files', { count: files })
  return t('account.delete.reach.both', { interviews: interviewsText, files: t('account.delete.reach.filesAfter', { count: files }) })
}

/**
 * What goes with the account beyond the person's own things, said before the password is asked
 * for: the trees kept in it go whole, for everyone in them; what they added to relatives' trees
 * goes from those trees. A tree handed over to someone else stays with them, and it says so.
 */
export function AccountReach({ reach }: { reach: Reach }) {
  const { t } = useTranslation('auth')
  // A tree handed over does not go: it moves out of the account first and stays with its owner.
  const handedOver = new Set(reach.handedOverTrees.map((tree) => tree.treeId))
  const heldTrees = reach.heldTrees.filter((tree) => !handedOver.has(tree.treeId))
  const contributions = reach.contributions.filter((tree) => tree.interviews + tree.files > 0)
  if (heldTrees.length + contributions.length + reach.handedOverTrees.length === 0) return null
  return (
    <ul className="account-reach">
      {heldTrees.map((tree) => (
        <li key={tree.treeId}>
          {tree.members > 0 ? t('account.delete.reach.heldTree', { tree: tree.treeName, count: tree.members }) : t('account.delete.reach.heldTreeEmpty', { tree: tree.treeName })}
          {tree.otherPeople > 0 ? t('account.delete.reach.heldOthers', { count: tree.otherPeople }) : '.'}
        </li>
      ))}
      {contributions.map((tree) => (
        <li key={tree.treeId}>
          {t('account.delete.reach.contribution', {
            tree: tree.treeName,
            owner: tree.ownerName,
            what: addedThings(t, tree),
            count: tree.interviews + tree.files,
          })}
        </li>
      ))}
      {reach.handedOverTrees.map((tree) => (
        <li key={tree.treeId}>{t('account.delete.reach.handedOver', { tree: tree.treeName, owner: tree.ownerName })}</li>
      ))}
    </ul>
  )
}
