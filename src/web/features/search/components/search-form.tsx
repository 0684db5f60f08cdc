import { useId, useState, type FormEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { searchQueryMaxLength } from '../../../../shared/contracts/search.ts'
import { Icon } from '../../../components/ui/icon.tsx'

/** The search field and its button; sends the person to /search?q=… (the results page). */
export function SearchForm({ initial = '', inputRef, onEscape }: { initial?: string; inputRef?: Ref<HTMLInputElement>; onEscape?: () => void }) {
  const { t } = useTranslation('common')
  const navigate = useNavigate()
  const id = useId()
  const [text, setText] = useState(initial)

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const q = text.trim()
    if (q) void navigate(`/search?q=${encodeURIComponent(q)}`)
  }

  return (
    <form role="search" className="search-form" onSubmit={handleSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        value={text}
        maxLength={searchQueryMaxLength}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onEscape) onEscape()
        }}
      />
      <button type="submit" className="button button-primary">
        <Icon name="search" /> {t('search.submit')}
      </button>
    </form>
  )
}
