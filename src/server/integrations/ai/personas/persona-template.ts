import { languages, type Language } from '../../../../shared/limits.ts'
import type { Persona, PersonaSubject } from '../ai-provider.ts'

const placeholder = /\{(\w+)\}/g

function fill(text: string, values: Record<string, string>, where: string): string {
  return text.replace(placeholder, (_whole, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`${where}: no value for {${key}}`)
    return value
  })
}

/**
 * The persona speaking about `subject`: every `{key}` of its instructions and greetings replaced,
 * language by language. A key without a value throws, so a template never reaches a model (or a
 * person) half-filled.
 */
export function withSubject(persona: Persona, subject: PersonaSubject, values: Record<Language, Record<string, string>>): Persona {
  const each = (texts: Record<Language, string>, part: string) =>
    Object.fromEntries(languages.map((language) => [language, fill(texts[language], values[language], `${persona.name} ${part} (${language})`)])) as Record<Language, string>
  return {
    ...persona,
    systemInstruction: each(persona.systemInstruction, 'instruction'),
    ...(persona.greeting ? { greeting: each(persona.greeting, 'greeting') } : {}),
    ...(persona.welcomeBack ? { welcomeBack: each(persona.welcomeBack, 'welcome back') } : {}),
    subject,
  }
}
