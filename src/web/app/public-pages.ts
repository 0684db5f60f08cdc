/**
 * The styles of the public pages join the main stylesheet, which the pre-rendered pages carry
 * inline: their first paint then waits for no stylesheet request (scripts/prerender.mjs).
 */
import '../components/ui/language-select.css'
import '../features/account/components/auth-page.css'
import '../features/landing/components/landing.css'
