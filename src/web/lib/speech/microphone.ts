// What the speech hooks share about the microphone: how a refusal is told apart from a missing
// or busy device, and the permission the browser reports for it.

/** Why getUserMedia gave no microphone: refused (by the person or the page's settings), no usable device, or something else. */
export type MicrophoneFailure = 'denied' | 'audio-capture' | 'other'

export function microphoneFailure(error: unknown): MicrophoneFailure {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied'
    case 'NotFoundError':
    case 'NotReadableError':
      return 'audio-capture'
    default:
      return 'other'
  }
}

/**
 * The microphone's permission, to follow while mounted. Not every browser can query it (Firefox
 * rejects the name): then it rejects or gives undefined, and a refusal shows only when asking.
 */
export async function queryMicrophonePermission(): Promise<PermissionStatus | undefined> {
  return navigator.permissions?.query({ name: 'microphone' })
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : ''
}
