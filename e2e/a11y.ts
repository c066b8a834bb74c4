import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  id: string;
  nodes: string[];
}

/**
 * Waits until no CSS transition or animation is running. Mantine fades banners, modals and
 * notifications in; axe measuring a half-transparent badge reports a contrast the user never
 * sees once the fade ends (CI caught exactly that on the notice banner).
 */
export async function waitForAnimationsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((animation) => {
        // Loaders and skeletons pulse forever; only finite fades and slides are waited for.
        const iterations = animation.effect?.getComputedTiming().iterations ?? 0;
        return animation.playState !== 'running' || iterations === Infinity;
      }),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Serious or critical axe findings on the page as it stands, with enough detail to fix them.
 * Third-party frames (the YouTube player) are excluded: their markup is not ours to fix.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // The rotating banner may start its next fade while axe is still measuring; with reduced
  // motion (which the app honours) every change is instant, so axe sees only settled colours.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitForAnimationsToSettle(page);
  const results = await new AxeBuilder({ page })
    .exclude('iframe')
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
