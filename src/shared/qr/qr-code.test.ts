import * as jsqrModule from 'jsqr'
import { describe, expect, it } from 'vitest'
import { qrModules, qrQuietZone, qrSvgPath } from './qr-code.ts'

// jsqr is CommonJS, its function the module itself; the server's and the web's type settings read
// its declaration differently, so it is named once here by what it does.
const readQr = (jsqrModule as unknown as { default: (pixels: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).default

/** Paints the modules as a phone's camera would see them (black on white, quiet zone around) and reads them back. */
function read(modules: boolean[][], scale = 4): string | undefined {
  const side = (modules.length + 2 * qrQuietZone) * scale
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + qrQuietZone) * scale + dy) * side + (x + qrQuietZone) * scale + dx) * 4
          pixels.fill(0, at, at + 3)
        }
    }),
  )
  return readQr(pixels, side, side)?.data
}

describe('qrModules', () => {
  it('draws a code a reader turns back into the same link, short or long', () => {
    const short = 'https://legado.example/invitation/abc'
    const long = `https://familia-perez.example.org/invitation/${'Zx9_-'.repeat(20)}`
    expect(read(qrModules(short))).toBe(short)
    expect(read(qrModules(long))).toBe(long)
    expect(qrModules(long).length).toBeGreaterThan(qrModules(short).length)
  })
})

describe('qrSvgPath', () => {
  it('covers exactly the dark modules, offset by the quiet zone', () => {
    const modules = [
      [true, true, false],
      [false, false, true],
    ]
    expect(qrSvgPath(modules)).toBe(`M${qrQuietZone} ${qrQuietZone}h2v1h-2zM${qrQuietZone + 2} ${qrQuietZone + 1}h1v1h-1z`)
  })
})
