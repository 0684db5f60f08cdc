/** A size in megabytes with two decimals, written the way the reader's language writes numbers. */
export function formatMegabytes(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024)
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(megabytes)
}
