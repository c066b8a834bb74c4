import { describe, expect, it } from 'vitest';
import { withoutUnusedMantineRules } from './mantine-rules';

const STYLES = `
:root { --mantine-scale: 1; }
.m_aaaaaaaa { color: red; }
.m_bbbbbbbb { color: blue; }
.m_aaaaaaaa:where([data-x]) .m_bbbbbbbb, .m_aaaaaaaa > span { margin: 0; }
@media (min-width: 48em) { .m_bbbbbbbb { padding: 1px; } }
@media (min-width: 62em) { .m_aaaaaaaa { padding: 2px; } }
@keyframes m_cccccccc { from { opacity: 0; } to { opacity: 1; } }
.mantine-focus-auto:focus-visible { outline: 2px solid; }
`;

describe("Mantine's stylesheet for the built app", () => {
  it('keeps the rules of the classes the scripts name, and every rule without a Mantine class', () => {
    const css = withoutUnusedMantineRules(STYLES, new Set(['m_aaaaaaaa']));
    expect(css).toContain(':root { --mantine-scale: 1; }');
    expect(css).toContain('.m_aaaaaaaa { color: red; }');
    expect(css).toContain('.m_aaaaaaaa > span { margin: 0; }');
    expect(css).toContain('@media (min-width: 62em) { .m_aaaaaaaa { padding: 2px; } }');
    expect(css).toContain('@keyframes m_cccccccc');
    expect(css).toContain('.mantine-focus-auto:focus-visible');
  });

  it('drops the rules of classes no script names, and media queries left empty', () => {
    const css = withoutUnusedMantineRules(STYLES, new Set(['m_aaaaaaaa']));
    expect(css).not.toContain('m_bbbbbbbb');
    expect(css).not.toContain('48em');
  });
});
