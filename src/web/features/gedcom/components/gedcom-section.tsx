import { useTranslation } from 'react-i18next'
import { GedcomExport } from './gedcom-export.tsx'
import { GedcomImport } from './gedcom-import.tsx'
import './gedcom.css'

interface GedcomSectionProps {
  /** Whether the tree has anyone in it: an empty tree has nothing to export. */
  hasPeople: boolean
  /** Runs once an import has ended, so the page shows the tree it wrote. */
  onImportEnded: () => Promise<unknown>
}

/**
 * Bringing a tree in from another genealogy program and taking it out, folded away under one
 * plain title: most visits to the tree are about the family, not about files.
 */
export function GedcomSection({ hasPeople, onImportEnded }: GedcomSectionProps) {
  const { t } = useTranslation('gedcom')
  return (
    <details className="gedcom-section">
      <summary>
        <h2>{t('section.title')}</h2>
      </summary>
      <p className="gedcom-hint">{t('section.intro')}</p>
      <GedcomImport onImportEnded={onImportEnded} />
      {hasPeople && <GedcomExport />}
    </details>
  )
}
