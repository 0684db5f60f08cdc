/** Spec §2: three avatars exist; choosing one is not built yet, so everyone has the default. */
export const avatars = { default: '🙂', angel: '😇', wizard: '🧙' } as const
export type AvatarKind = keyof typeof avatars

export const currentAvatar: AvatarKind = 'default'
