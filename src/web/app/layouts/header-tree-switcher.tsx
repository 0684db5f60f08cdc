import { TreeSwitcher } from '../../features/family-tree/circle/tree-switcher.tsx'
import { useForgetTreeReads } from '../tree-scoped-queries.ts'

/**
 * The header's tree switcher, a chunk of its own: it brings every feature's query keys (to forget
 * a tree's reads), which no visitor's page needs before it is interactive.
 */
export function HeaderTreeSwitcher() {
  return <TreeSwitcher onChosen={useForgetTreeReads()} />
}
