import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { InterviewProblemKind } from '../lib/interview-problem.ts'
import './interview-page.css'

interface InterviewProblemProps {
  problem: InterviewProblemKind
  /** Loads again; offered when the load failed or the database was out of reach. */
  onRetry?: () => void
  isRetrying?: boolean
}

/**
 * Why there is no interview to show (docs/product.md#interview), each with the way on: try again, the
 * family tree, or — for the person themself — their biography, which Cronos writes with them.
 */
export function InterviewProblem({ problem, onRetry, isRetrying = false }: InterviewProblemProps) {
  const { t } = useTranslation('interviews')

  if (problem === 'loading') {
    return (
      <p className="page-status" role="status">
        {t('problem.loading')}
      </p>
    )
  }

  if (problem === 'loadFailed' || problem === 'unreachable') {
    return (
      <div className="banner banner-error interview-problem" role="alert">
        <p>{t(`problem.${problem}`)}</p>
        {onRetry && (
          <button type="button" className="button" aria-disabled={isRetrying} onClick={() => !isRetrying && onRetry()}>
            {isRetrying ? t('problem.retrying') : t('problem.retry')}
          </button>
        )}
      </div>
    )
  }

  if (problem === 'self') {
    return (
      <div className="banner banner-info interview-problem" role="status">
        <p className="interview-problem-title">{t('problem.self')}</p>
        <p>{t('problem.selfHint')}</p>
        <Link className="button button-primary" to="/my-biography">
          {t('problem.toBiography')}
        </Link>
      </div>
    )
  }

  return (
    <div className="banner banner-info interview-problem" role="status">
      <p className="interview-problem-title">{t(`problem.${problem}`)}</p>
      {problem === 'noTree' && <p>{t('problem.noTreeHint')}</p>}
      <Link className="button button-primary" to="/family-tree">
        {problem === 'noTree' ? t('problem.toFamilyTree') : t('page.back')}
      </Link>
    </div>
  )
}
