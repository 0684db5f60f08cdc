import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { limits } from '../../../../shared/limits.ts'
import { TextField } from '../../../components/ui/text-field.tsx'

interface MemoryTitleDateFieldsProps {
  title: UseFormRegisterReturn
  eventDate: UseFormRegisterReturn
  /** Already translated. */
  titleError?: string
  eventDateError?: string
}

/** A memory's optional title and event date (as the person knows it, like the tree's dates), as both the manual memory and the edit form ask for them. */
export function MemoryTitleDateFields({ title, eventDate, titleError, eventDateError }: MemoryTitleDateFieldsProps) {
  const { t } = useTranslation('biography')
  return (
    <>
      <TextField label={t('memories.title')} optional hint={t('memories.titleHint')} maxLength={limits.biographyTitleMaxLength} error={titleError} {...title} />
      <TextField className="memory-date-input" label={t('memories.eventDateField')} optional hint={t('memories.eventDateHint')} error={eventDateError} {...eventDate} />
    </>
  )
}
