import { useEffect, useMemo, useState } from 'react'
import { buildFamilyIndex, familyIndexSteps, indexSliceSize, type FamilyIndex, type LayoutMember } from './family-index.ts'

/** Work done in one task before the index yields to the page. */
const taskBudgetMs = 25

/** An index and the list it was built from. */
export interface IndexedMembers<M extends LayoutMember> {
  members: readonly M[]
  index: FamilyIndex<M>
}

/**
 * The family index of `members`. A small tree is indexed during the render, as before. A large one
 * (an imported tree of thousands) is indexed in short tasks after it, so neither the first drawing
 * nor a change to the tree holds the page for the whole tree at once; meanwhile the previous index
 * stays in use (the chart keeps showing what it showed), or, the first time, there is none yet.
 */
export function useFamilyIndex<M extends LayoutMember>(members: readonly M[]): IndexedMembers<M> | undefined {
  const isLarge = members.length > indexSliceSize
  const small = useMemo(() => (isLarge ? undefined : { members, index: buildFamilyIndex(members) }), [members, isLarge])
  const [large, setLarge] = useState<IndexedMembers<M>>()

  useEffect(() => {
    if (!isLarge) return
    const steps = familyIndexSteps(members)
    let timer: ReturnType<typeof setTimeout> | undefined
    const work = () => {
      const started = performance.now()
      let step = steps.next()
      while (!step.done && performance.now() - started < taskBudgetMs) step = steps.next()
      if (step.done) setLarge({ members, index: step.value })
      else timer = setTimeout(work, 0)
    }
    timer = setTimeout(work, 0)
    return () => clearTimeout(timer)
  }, [members, isLarge])

  return small ?? large
}
