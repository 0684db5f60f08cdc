import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChooseTree, TreeSummary } from '../../../../shared/contracts/family-circle.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useChooseTree, useTrees } from '../api/circle-queries.ts'
import { RoleBadge } from './role-badge.tsx'
import './tree-switcher.css'

interface TreeSwitcherProps {
  /** Reads again what the pages show of a tree, once another is chosen. */
  onChosen: () => Promise<void>
}

/**
 * For someone in several trees (or in another's, with none of their own yet): the tree the pages
 * show with their role in it, and a list to choose another, opened and closed like a disclosure:
 * Escape or a choice closes it and puts the keyboard back on its button.
 */
export function TreeSwitcher({ onChosen }: TreeSwitcherProps) {
  const { t } = useTranslation(['common', 'errors'])
  const trees = useTrees().data
  const choose = useChooseTree(onChosen)
  const [isOpen, setIsOpen] = useState(false)
  const listId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const firstChoiceRef = useRef<HTMLButtonElement>(null)

  // A press anywhere else closes the list, as a menu does; Escape closes it and goes back to its button.
  useEffect(() => {
    if (!isOpen) return
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false)
    }
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      setIsOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [isOpen])

  useEffect(() => {
    if (isOpen) firstChoiceRef.current?.focus()
  }, [isOpen])

  // Someone alone in their own tree has nothing to choose, and the header stays as it was drawn
  // (a line more on a phone would push the page down once the list arrived); nor has someone who
  // belongs to no tree yet (signed up from an invitation with an e-mail alone, before accepting it).
  const active = trees?.trees.find((tree) => tree.isActive) ?? trees?.trees[0]
  if (!trees || !active || (trees.trees.length <= 1 && trees.hasOwnTree)) return null

  function close() {
    setIsOpen(false)
    toggleRef.current?.focus()
  }

  async function handleChoose(choice: ChooseTree) {
    try {
      await choose.mutateAsync(choice)
      close()
    } catch {
      // Said under the list, which stays open to try again.
    }
  }

  const current = (
    <>
      <span className="tree-switcher-name">{active.treeName}</span> <RoleBadge role={active.role} />
    </>
  )

  const choiceLabel = (tree: TreeSummary) => t('trees.choiceLabel', { name: tree.treeName, owner: tree.ownerName, role: t(`roles.${tree.role}`) })
  return (
    <div className="tree-switcher" ref={rootRef}>
      <button
        ref={toggleRef}
        type="button"
        className="nav-button tree-switcher-toggle"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-label={t('trees.toggleLabel', { name: active.treeName, role: t(`roles.${active.role}`) })}
        onClick={() => setIsOpen((open) => !open)}
      >
        {current} <span aria-hidden="true">▾</span>
      </button>
      {isOpen && (
        <div id={listId} className="tree-switcher-panel">
          <p className="tree-switcher-heading">{t('trees.heading')}</p>
          <ul>
            {trees.trees.map((tree, index) => (
              <li key={tree.treeId}>
                <button
                  ref={index === 0 ? firstChoiceRef : undefined}
                  type="button"
                  className="tree-switcher-choice"
                  aria-current={tree.isActive ? 'true' : undefined}
                  aria-label={choiceLabel(tree)}
                  aria-disabled={choose.isPending}
                  onClick={() => (tree.isActive ? close() : void handleChoose({ treeId: tree.treeId }))}
                >
                  <span className="tree-switcher-name">{tree.isOwn ? t('trees.own') : tree.treeName}</span> <RoleBadge role={tree.role} />
                </button>
              </li>
            ))}
            {!trees.hasOwnTree && (
              <li>
                <button type="button" className="tree-switcher-choice" aria-disabled={choose.isPending} onClick={() => void handleChoose({ own: true })}>
                  <span className="tree-switcher-name">{t('trees.own')}</span>
                </button>
              </li>
            )}
          </ul>
          {choose.isError && (
            <p className="field-error" role="alert">
              {t('trees.failed')} {errorText(t, choose.error)}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
