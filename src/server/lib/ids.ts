import { v7 } from 'uuid'

/** Time-ordered UUID (v7): ids sort by creation, which keeps indexes compact. */
export function newId(): string {
  return v7()
}
