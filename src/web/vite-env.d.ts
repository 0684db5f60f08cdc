/// <reference types="vite/client" />

/** Content hash of the translation catalogues, set by the build (vite.config.ts). */
declare const __LOCALES_VERSION__: string
