import { describe, expect, it } from 'vitest'
import { nearestInDirection } from './sky-navigation.ts'

const centre = { id: 'c', x: 100, y: 100 }
const right = { id: 'r', x: 160, y: 105 }
const farRight = { id: 'fr', x: 300, y: 100 }
const upLeft = { id: 'ul', x: 60, y: 40 }
const below = { id: 'b', x: 110, y: 180 }
const stars = [centre, right, farRight, upLeft, below]

describe('nearestInDirection', () => {
  it('moves to the nearest star lying in the direction of the arrow', () => {
    expect(nearestInDirection(centre, stars, 'right')?.id).toBe('r')
    expect(nearestInDirection(centre, stars, 'down')?.id).toBe('b')
    expect(nearestInDirection(centre, stars, 'up')?.id).toBe('ul')
    expect(nearestInDirection(right, stars, 'left')?.id).toBe('c')
  })

  it('prefers a star straight ahead to a nearer one far off to the side', () => {
    const aside = { id: 'a', x: 140, y: 165 }
    const ahead = { id: 'ah', x: 220, y: 100 }
    expect(nearestInDirection(centre, [centre, aside, ahead], 'right')?.id).toBe('ah')
    expect(nearestInDirection(centre, [centre, aside], 'right')?.id).toBe('a')
  })

  it('stays put at the edge of the sky', () => {
    expect(nearestInDirection(farRight, stars, 'right')).toBeUndefined()
  })
})
