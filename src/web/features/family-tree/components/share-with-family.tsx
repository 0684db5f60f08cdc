import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SharedWith } from '../../../../shared/contracts/family-circle.ts'
import { roleMay } from '../../../../shared/family-tree/roles.ts'
import { useTrees } from '../api/circle-queries.ts'
import './share-with-family.css'

interface ShareWithFamilyProps {
  /** What is shared, as its list names it («El tiple»): each button says which one it changes. */
  itemName: string
  sharedWith: SharedWith[]
  /** Shares with the tree (`true`) or takes it back; rejects when the server refused. */
  onChange: (treeId: string, share: boolean) => Promise<unknown>
}

/**
 * «Compartir con la familia» (docs/product.md#family-tree): a memory or a story stays private
 * until its author shares it with a tree they belong to, one tree at a time, and takes it back
 * the same way. Nothing shows for someone in no tree; a tree where their role only reads is not
 * offered (unless the thing is shared there already, so it can still be taken back).
 */
export function ShareWithFamily({ itemName, sharedWith, onChange }: ShareWithFamilyProps) {
  const { t } = useTranslation('common')
  const trees = useTrees()
  const [pendingTreeId, setPendingTreeId] = useState<string>()
  const [failed, setFailed] = useState(false)
  const groupId = useId()
  const sharedIds = new Set(sharedWith.map((tree) => tree.treeId))
  const offered = (trees.data?.trees ?? []).filter((tree) => sharedIds.has(tree.treeId) || roleMay(tree.role, 'content.add'))
  if (offered.length === 0 && sharedWith.length === 0) return null

  async function handleChange(treeId: string, share: boolean) {
    setPendingTreeId(treeId)
    setFailed(false)
    try {
      await onChange(treeId, share)
    } catch {
      setFailed(true)
    } finally {
      setPendingTreeId(undefined)
    }
  }

  const isOnlyTree = offered.length === 1
  return (
    <div className="share-with-family" role="group" aria-labelledby={groupId}>
      <p id={groupId} className="share-with-family-label">
        {t('share.group')}
      </p>
      <p className="share-with-family-status" aria-live="polite">
        {sharedWith.length > 0 ? t('share.sharedWith', { trees: sharedWith.map((tree) => `«${tree.treeName}»`).join(', ') }) : t('share.private')}
      </p>
      <div className="share-with-family-buttons">
        {offered.map((tree) => {
          const isShared = sharedIds.has(tree.treeId)
          const names = { name: itemName, tree: tree.treeName }
          return (
            <button
              key={tree.treeId}
              type="button"
              className={isShared ? 'button' : 'button button-primary'}
              aria-label={isShared ? t('share.unshareLabel', names) : t('share.shareLabel', names)}
              disabled={pendingTreeId !== undefined}
              onClick={() => void handleChange(tree.treeId, !isShared)}
            >
              {isShared ? (isOnlyTree ? t('share.unshare') : t('share.unshareFrom', names)) : t('share.shareWith', names)}
            </button>
          )
        })}
      </div>
      {failed && (
        <p className="share-with-family-error" role="alert">
          {t('share.failed')}
        </p>
      )}
    </div>
  )
}
