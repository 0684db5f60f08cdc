import { useTranslation } from 'react-i18next'

/**
 * Adding and viewing a member's photos, audio and video come with the media feature; until then
 * the buttons are there, marked unavailable, and pressing one shows the card's "coming soon" note.
 */
export function MediaButtons({ name, onPress }: { name: string; onPress: () => void }) {
  const { t } = useTranslation('family-tree')
  return (
    <>
      <button type="button" className="button" aria-disabled="true" aria-label={t('card.addMediaLabel', { name })} onClick={onPress}>
        {t('card.addMedia')}
      </button>
      <button type="button" className="button" aria-disabled="true" aria-label={t('card.viewMediaLabel', { name })} onClick={onPress}>
        {t('card.viewMedia')}
      </button>
    </>
  )
}
