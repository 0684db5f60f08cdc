import { useTranslation } from 'react-i18next'
import type { BiographyEntry } from '../../../../shared/contracts/biography.ts'
import { memoryName } from '../lib/memory-name.ts'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useUiLanguage } from '../../../lib/ui-language.ts'
import type { MemoryMediaSlot } from './slots.ts'

interface MemoryMediaDialogProps {
  /** The memory whose files are shown; none means the dialog is closed. */
  entry: BiographyEntry | undefined
  currentUserId: string | undefined
  renderMedia: MemoryMediaSlot
  onChanged: () => void
  onClose: () => void
}

/**
 * The media-management dialog (docs/product.md#biography): the memory's photos, audio, video and documents; adding and
 * deleting are offered only to the memory's author (docs/product.md#permissions).
 */
export function MemoryMediaDialog({ entry, currentUserId, renderMedia, onChanged, onClose }: MemoryMediaDialogProps) {
  const { t } = useTranslation('biography')
  const language = useUiLanguage()
  const canManage = entry !== undefined && currentUserId !== undefined && entry.authorUserId === currentUserId
  return (
    <Dialog
      open={entry !== undefined}
      title={entry ? t('mediaDialog.title', { name: memoryName(entry, language) }) : ''}
      closeLabel={t('mediaDialog.close')}
      onClose={onClose}
      className="memory-media-dialog"
    >
      {entry && (
        <>
          {!canManage && <p className="memory-media-read-only">{t('mediaDialog.readOnly')}</p>}
          {renderMedia({ entry, canManage, onChanged })}
        </>
      )}
    </Dialog>
  )
}
