import * as jsqrModule from 'jsqr'
import sharp from 'sharp'
import type { Locator } from '@playwright/test'

// jsqr is CommonJS, its function the module itself: named once here by what it does.
const readQr = (jsqrModule as unknown as { default: (pixels: Uint8ClampedArray, width: number, height: number) => { data: string } | null }).default

/** What a phone's camera reads from a QR code on the screen: the element's pixels, decoded. */
export async function readQrCode(code: Locator): Promise<string | undefined> {
  const { data, info } = await sharp(await code.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return readQr(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data
}
