import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

const compressible = /\.(js|css|html|json|svg|txt|webmanifest)$/

const walk = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))

/**
 * Brotli and gzip copies of every text file of the build, made once here at the highest levels
 * rather than by the server on each request; the server picks one by the browser's
 * Accept-Encoding. Files under 1 KiB gain too little to be worth it.
 */
export function precompressTree(folder) {
  for (const file of walk(folder).filter((name) => compressible.test(name) && statSync(name).size >= 1024)) {
    const bytes = readFileSync(file)
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }))
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  }
}
