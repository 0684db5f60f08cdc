import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { dayInWords, storyWordsFor, type StoryConversation } from '../../../../shared/story/index.ts'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import { StoryExchanges, StoryPhotos, type StoryPhoto } from './story-parts.tsx'
import './story.css'

interface RelativeStoryProps {
  /** How the relative is named: "Carmen López". */
  name: string
  conversations: readonly StoryConversation[]
  photos: readonly StoryPhoto[]
}

/** What the interviews told of one relative, conversation by conversation, and their photos. */
export function RelativeStory({ name, conversations, photos }: RelativeStoryProps) {
  const { t } = useTranslation('story')
  const language = useUiLanguage()
  const words = storyWordsFor(language)
  const conversationsId = useId()
  const photosId = useId()
  return (
    <div className="story-chapters">
      <section className="story-chapter" aria-labelledby={conversationsId}>
        <h2 id={conversationsId} className="story-chapter-title">
          {words.conversations}
        </h2>
        {conversations.length === 0 && <p className="story-empty">{words.noConversations(name)}</p>}
        {conversations.map((conversation) => (
          <article key={conversation.id} className="story-memory">
            <h3 className="story-memory-title">{conversation.title || words.conversationOn(dayInWords(conversation.startedAt, language))}</h3>
            {conversation.title && <p className="story-date">{dayInWords(conversation.startedAt, language)}</p>}
            <StoryExchanges exchanges={conversation.exchanges} />
          </article>
        ))}
      </section>
      {photos.length > 0 && (
        <section className="story-chapter" aria-labelledby={photosId}>
          <h2 id={photosId} className="story-chapter-title">
            {words.photos}
          </h2>
          <StoryPhotos photos={photos} unnamed={t('photoOf', { name })} />
        </section>
      )}
    </div>
  )
}
