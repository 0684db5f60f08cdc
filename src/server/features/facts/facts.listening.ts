import { listenForFacts, listeningInstruction } from '../../integrations/ai/fact-listener.ts'
import type { AiProvider } from '../../integrations/ai/ai-provider.ts'
import { ana } from '../../integrations/ai/personas/ana.ts'
import { cronos } from '../../integrations/ai/personas/cronos.ts'
import type { AiBudget } from '../../lib/chat/ai-budget.ts'
import type { Listener } from './facts.service.ts'

/**
 * How a model listens for the facts of an answer, as a reply is asked: counted against the teller's
 * share of the AI budget (with no room left, no reading), and with the safety settings of the
 * persona the answer was told to (Ana's block nothing: a family's memories speak of death and war).
 * Off, or without a model, it hears nothing: the word reader still proposes what is said plainly.
 */
export function modelListener({ provider, budget, isOn }: { provider: AiProvider; budget: Pick<AiBudget, 'reserve' | 'spend'>; isOn: boolean }): Listener {
  return async ({ tellerId, ...input }) => {
    if (!isOn || !provider.completeJson) return []
    const hasRoom = await budget.reserve(tellerId, listeningInstruction(input).length + input.answer.length).then(
      () => true,
      () => false,
    )
    if (!hasRoom) return []
    const heard = await listenForFacts(provider, { ...input, safety: (input.subject.isTeller ? cronos : ana).safety })
    await budget.spend(tellerId, JSON.stringify(heard).length).catch(() => undefined)
    return heard
  }
}
