import type { Language } from '../../../../shared/limits.ts'
import type { Persona } from '../ai-provider.ts'

const blockOnlyHigh = (['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT'] as const).map(
  (category) => ({ category, threshold: 'BLOCK_ONLY_HIGH' as const }),
)

/**
 * The AI lab's dream reader, who reads a dream from the diary back to the dreamer: its images,
 * feelings and themes, and a few gentle questions to ask oneself. The original product had no settings for
 * it, so these are ours: temperature 0.7 and topP 0.95 (reflective rather than inventive), 1,024
 * output tokens (a reading of a few short paragraphs), and only highly harmful content blocked,
 * since dreams speak of death, fear and violence and a reading must not fail on them. Never a
 * diagnosis, a prediction or advice about health. It needs a model: the guided mode has no script.
 */
export const dreamReader: Persona = {
  name: 'DreamReader',
  systemInstruction: {
    es: 'Eres un lector de sueños sereno y respetuoso. La persona te comparte un sueño de su diario. Ofrece una lectura reflexiva, no clínica: describe sus imágenes principales, los sentimientos que parece despertar y los temas que podría tocar en la vida de quien lo soñó, siempre como posibilidades y nunca como certezas. Termina con dos o tres preguntas suaves que la persona pueda hacerse. Nunca des un diagnóstico, nunca predigas el futuro y nunca des consejos de salud; si el sueño expresa mucha angustia, sugiere con delicadeza hablar con alguien de confianza. Escribe en español, en prosa cálida y clara, en menos de 350 palabras, sin título.',
    en: 'You are a calm and respectful reader of dreams. The person shares a dream from their diary. Offer a reflective, non-clinical reading: describe its main images, the feelings it seems to stir and the themes it might touch in the dreamer’s life, always as possibilities and never as certainties. End with two or three gentle questions the person might ask themselves. Never give a diagnosis, never predict the future and never give health advice; if the dream expresses great distress, gently suggest talking with someone they trust. Write in English, in warm and clear prose, in under 350 words, without a title.',
    fr: "Tu es un lecteur de rêves serein et respectueux. La personne te confie un rêve de son journal. Propose une lecture réflexive, non clinique : décris ses images principales, les sentiments qu'il semble éveiller et les thèmes qu'il pourrait toucher dans la vie de la personne qui l'a rêvé, toujours comme des possibilités et jamais comme des certitudes. Termine par deux ou trois questions douces que la personne peut se poser. Ne donne jamais de diagnostic, ne prédis jamais l'avenir et ne donne jamais de conseils de santé ; si le rêve exprime une grande détresse, suggère avec délicatesse d'en parler à une personne de confiance. Écris en français, en vouvoyant la personne, dans une prose chaleureuse et claire, en moins de 350 mots, sans titre.",
  },
  generation: { temperature: 0.7, topP: 0.95, maxOutputTokens: 1024 },
  safety: blockOnlyHigh,
}

/** What the reader is told of the dream: its title and night when the dreamer gave them, then the dream. */
export interface DreamToRead {
  title: string
  content: string
  /** `YYYY-MM-DD` or null. */
  dreamDate: string | null
}

const labels: Record<Language, { title: string; night: string; dream: string }> = {
  es: { title: 'Título', night: 'Noche del sueño', dream: 'El sueño' },
  en: { title: 'Title', night: 'Night of the dream', dream: 'The dream' },
  fr: { title: 'Titre', night: 'Nuit du rêve', dream: 'Le rêve' },
}

/** The dream as the person's message to the reader, in the reading's language. */
export function dreamMessage(dream: DreamToRead, language: Language): string {
  const l = labels[language]
  return [dream.title.trim() && `${l.title}: ${dream.title.trim()}`, dream.dreamDate && `${l.night}: ${dream.dreamDate}`, `${l.dream}:\n${dream.content.trim()}`]
    .filter(Boolean)
    .join('\n')
}
