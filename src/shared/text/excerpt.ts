/** Long enough to recognise a memory by, short enough for one line on a phone. */
const excerptLength = 90

/** The first words of `text`, cut at a word and marked as cut. */
export function excerptOf(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= excerptLength) return oneLine
  const cut = oneLine.slice(0, excerptLength)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : excerptLength).trimEnd()}…`
}
