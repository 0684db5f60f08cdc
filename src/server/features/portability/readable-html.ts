import type { Language } from '../../../shared/limits.ts'
import {
  chapterTitle,
  dayInWords,
  memoryDateText,
  memoryHeadings,
  storyWords,
  type StoryChapter,
  type StoryConversation,
  type StoryExchange,
  type StoryMemory,
} from '../../../shared/story/index.ts'
import { escapeHtml } from '../../lib/escape-html.ts'

/** A photo as a readable file shows it: its path inside the archive, relative to the file. */
export interface ReadablePhoto {
  path: string
  caption: string
}

/** Every character that could open markup or leave an attribute, as a character reference. */
export { escapeHtml }

// Styles inside the file: it is opened from a folder, with nothing of Legado's around it. The
// print rules match the page's (each chapter on a new page, a photo never split).
const styles = `
body { margin: 0; background: #f7f1e6; color: #2b211b; font: 1.2rem/1.75 'Atkinson Hyperlegible', 'Segoe UI', system-ui, sans-serif; }
main { max-width: 44rem; margin: 0 auto; padding: 2rem 1rem 4rem; }
h1, h2, h3 { font-family: Lora, Georgia, 'Times New Roman', serif; line-height: 1.25; }
h2 { border-bottom: 1px solid #d9c8b0; padding-bottom: .5rem; margin-top: 3rem; }
.subtitle, .question, figcaption, footer { color: #5a4a3f; }
.question { font-size: 1rem; margin: 1rem 0 .25rem; }
.date { color: #7a5c3e; font-style: italic; margin-top: -.5rem; }
.answer { margin: 0 0 .75rem; }
figure { margin: 1rem 0; }
img { display: block; max-width: 100%; height: auto; border-radius: 6px; }
figcaption { font-size: 1rem; margin-top: .5rem; }
footer { margin-top: 4rem; font-size: 1rem; }
@media print { body { background: #fff; font-size: 12pt; } section + section { break-before: page; } figure { break-inside: avoid; } img { max-height: 80vh; } }
`

/**
 * A whole page: the story's language, its styles, and a policy that runs no script and loads
 * nothing but the archive's own images, should anything ever slip through the escaping.
 */
function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

const paragraphs = (text: string, className: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((line) => `<p class="${className}">${escapeHtml(line)}</p>`)
    .join('\n')

const exchangesHtml = (exchanges: readonly StoryExchange[]) =>
  exchanges.map((exchange) => (exchange.question ? `<p class="question">${escapeHtml(exchange.question)}</p>\n` : '') + paragraphs(exchange.answer, 'answer')).join('\n')

const photosHtml = (photos: readonly ReadablePhoto[]) =>
  photos.map((photo) => `<figure><img src="${escapeHtml(photo.path)}" alt="">${photo.caption ? `<figcaption>${escapeHtml(photo.caption)}</figcaption>` : ''}</figure>`).join('\n')

const footer = (language: Language, now: Date) => `<footer>${escapeHtml(storyWords[language].writtenOn(dayInWords(now.toISOString(), language)))}</footer>`

/** `historia.html`: the person's memories by the stages of their life, and links to the family's stories. */
export function myStoryHtml(input: {
  language: Language
  name: string
  chapters: readonly StoryChapter<StoryMemory>[]
  photosOf: (memory: StoryMemory) => readonly ReadablePhoto[]
  relatives: readonly { name: string; path: string }[]
  now: Date
}): string {
  const { language, name, chapters, photosOf, relatives, now } = input
  const words = storyWords[language]
  const body = chapters.map((chapter) => {
    const headings = memoryHeadings(chapter.memories, (memory) => memoryDateText(memory.eventDate, language))
    const memories = chapter.memories.map((memory, index) => {
      const { heading, date } = headings[index]!
      return [
        '<article>',
        heading && `<h3>${escapeHtml(heading)}</h3>`,
        date && `<p class="date">${escapeHtml(date)}</p>`,
        exchangesHtml(memory.exchanges),
        photosHtml(photosOf(memory)),
        '</article>',
      ]
        .filter(Boolean)
        .join('\n')
    })
    return `<section>\n<h2>${escapeHtml(chapterTitle(chapter, language))}</h2>\n${memories.join('\n')}\n</section>`
  })
  const family = relatives.length
    ? `<section>\n<h2>${escapeHtml(words.familyStories)}</h2>\n<ul>\n${relatives.map((relative) => `<li><a href="${escapeHtml(relative.path)}">${escapeHtml(words.storyOf(relative.name))}</a></li>`).join('\n')}\n</ul>\n</section>`
    : ''
  return page(
    language,
    words.myStory,
    [
      `<h1>${escapeHtml(words.myStory)}</h1>`,
      name && `<p class="subtitle">${escapeHtml(name)}</p>`,
      chapters.length ? body.join('\n') : `<p>${escapeHtml(words.noMemories)}</p>`,
      family,
      footer(language, now),
    ]
      .filter(Boolean)
      .join('\n'),
  )
}

/** One relative's file: the interviews about them by conversation, and their photos. */
export function relativeStoryHtml(input: { language: Language; name: string; conversations: readonly StoryConversation[]; photos: readonly ReadablePhoto[]; now: Date }): string {
  const { language, name, conversations, photos, now } = input
  const words = storyWords[language]
  const title = words.storyOf(name)
  const talks = conversations.map((conversation) => {
    const day = dayInWords(conversation.startedAt, language)
    // A conversation the person named keeps its name, with its day under it.
    const heading = conversation.title ? `<h3>${escapeHtml(conversation.title)}</h3>\n<p class="date">${escapeHtml(day)}</p>` : `<h3>${escapeHtml(words.conversationOn(day))}</h3>`
    return `<article>\n${heading}\n${exchangesHtml(conversation.exchanges)}\n</article>`
  })
  return page(
    language,
    title,
    [
      `<h1>${escapeHtml(title)}</h1>`,
      `<section>\n<h2>${escapeHtml(words.conversations)}</h2>\n${talks.join('\n')}\n</section>`,
      photos.length ? `<section>\n<h2>${escapeHtml(words.photos)}</h2>\n${photosHtml(photos)}\n</section>` : '',
      footer(language, now),
    ]
      .filter(Boolean)
      .join('\n'),
  )
}
