/** How tus-js-client names what it keeps in local storage to resume an upload (`tus::<fingerprint>::<n>`). */
const resumableUploadKey = 'tus::'

/**
 * Forgets every unfinished upload the browser remembers, so that the next person to sign in on
 * this browser does not resume (or even see the address of) the previous person's files.
 */
export function forgetStoredUploads(storage: Pick<Storage, 'length' | 'key' | 'removeItem'> | undefined = globalThis.localStorage): void {
  if (!storage) return
  const keys: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key?.startsWith(resumableUploadKey)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}
