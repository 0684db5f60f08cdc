import { useEffect, useRef } from 'react'
import { queryMicrophonePermission } from './microphone.ts'

interface PermissionHandlers {
  /** The microphone is refused (already when mounted, or from now on). */
  onDenied: () => void
  /** The person allowed it again in the browser's settings. */
  onAllowed: () => void
}

/**
 * Follows the microphone's permission while mounted and `isEnabled`, so a blocked state shows at
 * once and lifts when the person allows the microphone again. Browsers that cannot query it
 * (Firefox rejects the name) show a refusal only when asked for the microphone.
 */
export function useMicrophonePermission(isEnabled: boolean, handlers: PermissionHandlers) {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })

  useEffect(() => {
    if (!isEnabled) return
    let permission: PermissionStatus | undefined
    let isMounted = true
    const follow = () => {
      if (!permission) return
      if (permission.state === 'denied') latest.current.onDenied()
      else latest.current.onAllowed()
    }
    queryMicrophonePermission().then(
      (found) => {
        if (!isMounted || !found) return
        permission = found
        permission.addEventListener('change', follow)
        if (permission.state === 'denied') follow()
      },
      () => undefined,
    )
    return () => {
      isMounted = false
      permission?.removeEventListener('change', follow)
    }
  }, [isEnabled])
}
