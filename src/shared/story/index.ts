/**
 * The story read back as a story (docs/product.md#my-story): saved exchanges read through one
 * adapter, memories ordered and grouped by the stages of a life, and the words both the page and
 * the export's readable files use.
 */
export { chaptersOfLife, lifeStageAt, lifeStages, type LifeStage, type StoryChapter, type StoryChapterKind } from './life-stages.ts'
export {
  memoryHeadings,
  storyConversationsOf,
  storyMemoryOf,
  type StoryConversation,
  type StoryEntrySource,
  type StoryExchange,
  type StoryMemory,
  type StorySessionSource,
} from './story-memory.ts'
export { chapterTitle, dayInWords, memoryDateText, storyWords, storyWordsFor, type StoryWords } from './story-words.ts'
