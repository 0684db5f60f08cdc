import type { AiConfig } from '../../config.ts'
import type { AiProvider } from './ai-provider.ts'
import { createGeminiProvider } from './gemini-provider.ts'
import { guidedAna } from './guided/guided-ana.ts'
import { guidedCronos } from './guided/guided-interviewer.ts'
import { createGuidedProvider } from './guided/guided-provider.ts'
import { createOpenAiProvider } from './openai-provider.ts'
import { ana } from './personas/ana.ts'
import { cronos } from './personas/cronos.ts'

/** The provider `AI_PROVIDER` names (docs/product.md#ai-modes). */
export function createAiProvider(config: AiConfig): AiProvider {
  switch (config.provider) {
    case 'gemini':
      return createGeminiProvider(config)
    case 'openai':
      return createOpenAiProvider(config)
    case 'guided':
      return createGuidedProvider({ [cronos.name]: guidedCronos, [ana.name]: guidedAna })
  }
}
