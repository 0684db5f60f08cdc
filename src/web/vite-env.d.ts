/// <reference types="vite/client" />

/** Content hash of the translation catalogues, set by the build (vite.config.ts). */
declare const __LOCALES_VERSION__: string

/** The year the build ran: the year written in the pre-rendered pages' footer. */
declare const __BUILD_YEAR__: number
