import { useTranslation } from 'react-i18next'

/**
 * In the guided mode: what needs a model, what still works without one, and how the server's
 * owner turns one on (Gemini, or any OpenAI-compatible server such as Ollama).
 */
export function AiNeeded() {
  const { t } = useTranslation('ai-lab')
  return (
    <section className="ai-needed" aria-labelledby="ai-needed-title">
      <h3 id="ai-needed-title">{t('aiNeeded.title')}</h3>
      <p>{t('aiNeeded.body')}</p>
      <details className="ai-needed-how">
        <summary>{t('aiNeeded.how')}</summary>
        <ul>
          <li>{t('aiNeeded.gemini')}</li>
          <li>{t('aiNeeded.openai')}</li>
        </ul>
        <p>{t('aiNeeded.readme')}</p>
      </details>
    </section>
  )
}
