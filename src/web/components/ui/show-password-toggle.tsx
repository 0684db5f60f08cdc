import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/** Lets the user check what they typed, which matters more than masking for many older users. */
export function ShowPasswordToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{t('form.showPassword')}</label>
    </div>
  )
}
