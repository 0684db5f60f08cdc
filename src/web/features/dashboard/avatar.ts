import type { IconName } from '../../components/ui/icon.tsx'

/**
 * Three avatars exist; choosing one is not built yet, so everyone has the default. They are
 * drawn icons, not emoji, which many computers cannot show.
 */
export const avatars = { default: 'smile', angel: 'angel', wizard: 'wizard' } as const satisfies Record<string, IconName>
export type AvatarKind = keyof typeof avatars

export const currentAvatar: AvatarKind = 'default'
