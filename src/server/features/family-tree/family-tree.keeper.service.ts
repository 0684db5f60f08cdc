import type { KeeperRepository } from './family-tree.keeper.repository.ts'

interface Deps {
  repo: KeeperRepository
  /** Erases stored objects by their keys; answers how many. */
  eraseObjects(keys: string[]): Promise<number>
}

/**
 * A tree outlives the account it was kept in once someone else owns it: it moves to a keeper of
 * its own (ADR 0046). A tree kept by a keeper goes when its owner's account goes, as a tree kept
 * in that account would.
 */
export function createKeeperService({ repo, eraseObjects }: Deps) {
  return {
    /** Moves the tree kept in `holderId` to a keeper (the holder leaves it, or their account goes). */
    async keepTree(treeId: string, holderId: string): Promise<void> {
      await repo.moveToKeeper(treeId, holderId)
    },

    /**
     * Run before an account goes: the tree kept in it that someone else owns now moves to a keeper
     * and stays with its family; the trees the person owns that keepers keep are found, to go
     * (rows, then files) once the account has gone.
     */
    async beforeAccountGoes(userId: string): Promise<{ finish(): Promise<number> }> {
      const held = await repo.heldTree(userId)
      if (held && held.ownerId !== null && held.ownerId !== userId) await repo.moveToKeeper(held.treeId, userId)
      const keepers = await repo.keepersOfTreesOwnedBy(userId)
      return {
        async finish() {
          if (keepers.length === 0) return 0
          const keys = await repo.objectKeysOf(keepers)
          await repo.deleteKeepers(keepers)
          return eraseObjects(keys)
        },
      }
    },
  }
}
export type KeeperService = ReturnType<typeof createKeeperService>
