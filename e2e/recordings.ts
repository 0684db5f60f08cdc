import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Whether a saved recording really plays back, not only whether an <audio> is on the page:
 * - the file answers 200 as audio/webm with real bytes (1.5 s of the beep in Opus is a few KB);
 * - the <audio> reaches HAVE_METADATA (readyState ≥ 1) without a media error, i.e. Chromium parsed
 *   the WebM and found an audio track it can decode, and its `duration` is finite and > 0.
 *   MediaRecorder's WebM has no Duration element; Chromium finds the end by reading the file
 *   through Range requests (the server answers 206), so a finite duration also shows the player
 *   can seek in it. (Without ranges it would say Infinity, which `> 0` alone would let through.)
 * - played muted, its clock moves on. Muted playback needs no user gesture under the autoplay
 *   policy and no sound card (headless Chromium plays into a fake output), so this is reliable
 *   headless; `readyState`/`duration` alone would not prove the Opus frames decode.
 */
export async function expectRecordingPlays(page: Page, audio: Locator) {
  const src = await audio.getAttribute('src')
  expect(src, 'the recording has no src').toBeTruthy()
  const response = await page.request.get(src!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^audio\/webm/)
  expect((await response.body()).length).toBeGreaterThan(1_000)

  // A player that loads nothing before it is asked (preload="none", as in the family's news) is
  // started the way a press on its play button starts it; the checks below then hold for it too.
  await audio.evaluate(async (element: HTMLAudioElement) => {
    if (element.preload !== 'none') return
    element.muted = true
    await element.play()
    element.pause()
  })

  const loaded = (element: HTMLAudioElement) => ({
    error: element.error?.code ?? null,
    hasMetadata: element.readyState >= HTMLMediaElement.HAVE_METADATA,
    duration: element.duration,
  })
  await expect.poll(() => audio.evaluate(loaded).then(({ error, hasMetadata }) => ({ error, hasMetadata }))).toEqual({ error: null, hasMetadata: true })
  const { duration } = await audio.evaluate(loaded)
  expect(Number.isFinite(duration) && duration > 0, `duration is ${duration}`).toBe(true)

  await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true
    await element.play()
  })
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0)
  await audio.evaluate((element: HTMLAudioElement) => element.pause())
}
