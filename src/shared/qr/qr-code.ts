import qrcode from 'qrcode-generator'

/**
 * A QR code as rows of modules (true = dark), for whatever draws it: the invitation page as SVG,
 * a printed page as vector paths. Error correction M (15 %) is the usual choice for a code shown
 * on a screen or printed clean; the version grows with the text.
 */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, 'M')
  code.addData(text, 'Byte')
  code.make()
  const size = code.getModuleCount()
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, column) => code.isDark(row, column)))
}

/** The quiet zone readers need around the code, in modules. */
export const qrQuietZone = 4

/**
 * One SVG path for the dark modules, each row's runs as rectangles, offset by the quiet zone: a
 * viewBox of `size + 2 × qrQuietZone` draws the code with its margin at any scale, crisply.
 */
export function qrSvgPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = []
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue
      const start = x
      while (x + 1 < row.length && row[x + 1]) x++
      parts.push(`M${start + qrQuietZone} ${y + qrQuietZone}h${x - start + 1}v1h-${x - start + 1}z`)
    }
  })
  return parts.join('')
}
