import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { BiographyChat } from '../components/biography-chat.tsx'
import { MemoryList } from '../components/memory-list.tsx'
import type { AttachmentSlot } from '../components/slots.ts'
import { defaultUploadLimits } from '../../../../shared/upload-limits.ts'

export const opening = 'Hola, soy Cronos. ¿Dónde naciste?'

interface HeldUpload {
  file: File
  entryId: string
  progress: (percent: number) => void
  finish: (isStored: boolean) => void
}

/** The upload the page hands in, held until the test finishes each file. */
export function fakeAttachmentSlot() {
  const uploads: HeldUpload[] = []
  const slot: AttachmentSlot = {
    accept: 'image/*,application/pdf,.pdf',
    isAccepted: (file) => file.type !== 'application/zip',
    limits: defaultUploadLimits,
    isShrinkable: (file) => file.type === 'image/jpeg',
    upload: vi.fn(
      (file: File, entryId: string, onProgress: (percent: number) => void) =>
        new Promise<boolean>((resolve) => {
          uploads.push({
            file,
            entryId,
            progress: (percent) => act(() => onProgress(percent)),
            finish: (isStored) => act(() => resolve(isStored)),
          })
        }),
    ),
  }
  return { slot, uploads }
}

/** The chat above the memories, as the page shows them, once Cronos' greeting is there. */
export async function renderChat(slot?: AttachmentSlot) {
  const user = userEvent.setup({ applyAccept: false })
  renderWithProviders(
    <>
      <BiographyChat attachments={slot} />
      <MemoryList />
    </>,
  )
  await screen.findByText(opening)
  return {
    user,
    input: screen.getByRole('textbox', { name: 'Tu mensaje para Cronos' }),
  }
}

export const chatLog = () => screen.getByRole('log', { name: 'Conversación con Cronos' })

/** The finished bubbles of the conversation, as "speaker: words". */
export function bubbles(): string[] {
  return within(chatLog())
    .getAllByRole('listitem')
    .map((item) => {
      const speaker = item.querySelector('.chat-bubble-speaker')?.textContent
      const words = item.querySelector('.chat-bubble-text')?.textContent
      return `${speaker}: ${words}`
    })
}

/** The memories in the list, newest first, by their headings. */
/** Each memory's own heading (inside a conversation, below the conversation's title). */
export function memoryHeadings(): string[] {
  return within(screen.getByTestId('memory-list'))
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent ?? '')
}
