import type { ReactNode } from 'react'
import './auth-page.css'

interface AuthPageProps {
  title: string
  intro: string
  children: ReactNode
  /** The line that links to the other form ("¿Aún no tienes cuenta? …"). */
  switchLine: ReactNode
}

/** The card that frames the login and sign-up forms. */
export function AuthPage({ title, intro, children, switchLine }: AuthPageProps) {
  return (
    <section className="page page-narrow auth-page" aria-labelledby="auth-page-title">
      <div className="card auth-card">
        <h1 id="auth-page-title">{title}</h1>
        <p className="auth-intro">{intro}</p>
        {children}
        <p className="auth-switch">{switchLine}</p>
      </div>
    </section>
  )
}
