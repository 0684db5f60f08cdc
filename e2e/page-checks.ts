import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'

// What every journey checks of a page as a person meets it: nothing serious for axe, nothing wider
// than the screen, and a keyboard that reaches each control with its focus in sight.

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const blockingImpacts = new Set(['serious', 'critical'])

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>
type AxeViolation = AxeResults['violations'][number]

/** Each violation with what is needed to fix it: rule, impact, advice and the offending nodes. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''
          return `    - ${node.target.join(' ')}\n        ${node.html}${summary}`
        })
        .join('\n')
      return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`
    })
    .join('\n\n')
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails on any serious or critical
 * violation, listing each one. Lesser findings are attached to the report without failing.
 */
export async function expectNoSeriousA11yViolations(page: Page, pageName: string): Promise<void> {
  // Let CSS transitions settle (never-ending animations aside), so colours are checked as the
  // reader finally sees them. Two seconds at most: one that never ended held a journey until its
  // minute ran out, on a loaded machine.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  )
  // Legacy mode runs axe inside the page alone instead of opening a blank page to merge the
  // results of every frame: the app has no frames, and it halves the time of each check.
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode(true).analyze()
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''))
  const minor = results.violations.filter((violation) => !blockingImpacts.has(violation.impact ?? ''))
  if (minor.length > 0) {
    await test.info().attach(`${pageName}: minor axe findings`, { body: describeViolations(minor), contentType: 'text/plain' })
  }
  expect(
    blocking.map((violation) => violation.id),
    `Serious or critical accessibility violations on ${pageName}:\n\n${describeViolations(blocking)}\n`,
  ).toEqual([])
}

/** An element that reaches past the sides of the screen, described so it can be found in the code. */
interface OverflowingElement {
  element: string
  left: number
  right: number
}

/**
 * Fails when the page scrolls sideways at its current width, or when any element (or the text in
 * it) reaches past either side of the screen, naming those elements. Whatever sits inside a
 * container that scrolls or clips on its own (a chart, a zoomed photo) is that container's business.
 */
export async function expectNoHorizontalOverflow(page: Page, pageName: string): Promise<void> {
  // Widths are only final once the bundled fonts have replaced the fallback ones.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  const { viewportWidth, scrollWidth, offenders } = await page.evaluate(() => {
    const viewportWidth = window.innerWidth
    // Sub-pixel layout rounds; a person does not see half a pixel.
    const tolerance = 1
    const isClipping = (element: Element) => {
      if (element === document.documentElement || element === document.body) return false
      const style = getComputedStyle(element)
      return style.overflowX !== 'visible' || style.clip !== 'auto'
    }
    const isInsideClipping = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) if (isClipping(ancestor)) return true
      return false
    }
    const reachesOut = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && (rect.right > viewportWidth + tolerance || rect.left < -tolerance)
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : ''
      const classes = [...element.classList].map((name) => `.${name}`).join('')
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)
      return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text}"` : ''}`
    }

    const overflowing = new Map<Element, DOMRect>()
    for (const element of document.body.querySelectorAll('*')) {
      if (getComputedStyle(element).visibility === 'hidden' || isInsideClipping(element)) continue
      const rect = element.getBoundingClientRect()
      if (reachesOut(rect)) overflowing.set(element, rect)
      // Text that does not wrap pokes out of a box that itself fits, unless the box clips it
      // (as `.visually-hidden` does).
      if (isClipping(element)) continue
      for (const node of element.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const textRect = range.getBoundingClientRect()
        if (reachesOut(textRect) && !overflowing.has(element)) overflowing.set(element, textRect)
      }
    }
    // Name the outermost element that reaches out: its children only follow it.
    const offenders = [...overflowing]
      .filter(([element]) => !element.parentElement || !overflowing.has(element.parentElement))
      .slice(0, 10)
      .map(([element, rect]) => ({ element: describe(element), left: Math.round(rect.left), right: Math.round(rect.right) }))
    return { viewportWidth, scrollWidth: document.documentElement.scrollWidth, offenders }
  })
  const list = (offenders as OverflowingElement[]).map(({ element, left, right }) => `  - ${element}: from ${left} px to ${right} px`).join('\n')
  expect(offenders, `Elements reaching past the ${viewportWidth} px screen on ${pageName}:\n${list}\n`).toEqual([])
  expect(scrollWidth, `${pageName} scrolls sideways on a ${viewportWidth} px screen`).toBeLessThanOrEqual(viewportWidth)
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a person moving through the page with
 * the keyboard does, then checks the focus ring shows on it.
 */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  // A control that is not there fails here, rather than after a minute of pressing keys.
  await expect(target).toBeAttached()
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break
    await page.keyboard.press(key)
  }
  await expectVisibleFocus(target)
}

/**
 * `target` has the focus, is visible, shows the focus ring (`:focus-visible`, a solid outline), and
 * is on screen with nothing (a sticky header, say) covering it.
 */
export async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused()
  await expect(target).toBeVisible()
  expect(await target.evaluate((element) => element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none')).toBe(true)
  const hiddenBy = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    // Its top edge (where a field's text and caret are, and what a sticky header hides first) and
    // a line below it; a tall box may run past the bottom of the screen, as browsers leave it.
    const x = (Math.max(rect.left, 0) + Math.min(rect.right, window.innerWidth)) / 2
    const inset = Math.min(4, rect.height / 2)
    for (const y of [rect.top + inset, rect.top + Math.min(rect.height / 2, 24)]) {
      if (y < 0 || y > window.innerHeight) return `off screen (${Math.round(y)} px from the top of a ${window.innerHeight} px screen)`
      const found = document.elementFromPoint(x, y)
      if (found && found !== element && !element.contains(found)) {
        const classes = [...found.classList].map((name) => `.${name}`).join('')
        return `covered by <${found.tagName.toLowerCase()}${classes}>`
      }
    }
    return null
  })
  expect(hiddenBy, `the focused ${await target.evaluate((element) => element.outerHTML.slice(0, 120))} is hidden from view`).toBeNull()
}
