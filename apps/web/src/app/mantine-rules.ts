import postcss from 'postcss';

/**
 * Mantine's stylesheet for the app the build made (vite.config.ts, unusedMantineRules;
 * docs/decisions/0025-first-screen-requests.md). Build-time code: no page imports it.
 */

/** A Mantine class as its stylesheet and its components' class maps name it ('m_8a5d1357'). */
export const MANTINE_CLASS = /m_[0-9a-f]{6,8}/g;

/** The stylesheet without the rules whose selectors name a class no component of the app uses. */
export function withoutUnusedMantineRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) =>
      (selector.match(MANTINE_CLASS) ?? []).every((name) => used.has(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Media queries and layers left without a rule go too.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
