/**
 * Debian's Chromium, as every journey launches it: no sandbox (the CI container has none), no GPU,
 * and none of the background traffic that would reach for a network the machine does not have.
 */
export const chromiumPath = '/usr/bin/chromium'
export const quietChromium = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * Chromium with a fake microphone that grants itself without asking and feeds a beep, which
 * MediaRecorder records as audio/webm;codecs=opus. Speech recognition has no working service in
 * headless Chromium and fails: the voice is still recorded, and the words are typed.
 */
export const withFakeMicrophone = { executablePath: chromiumPath, args: [...quietChromium, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] }

/** Chromium that answers every permission prompt with "no", as a person refusing the microphone does. */
export const refusingMicrophone = { executablePath: chromiumPath, args: [...quietChromium, '--deny-permission-prompts', '--use-fake-device-for-media-stream'] }
