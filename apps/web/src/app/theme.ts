import {
  createTheme,
  rem,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * A muted rose, the clinic's brand colour. Shades were picked so that white text on the filled
 * shades (7 light, 8 dark) and the link colours pass WCAG AA (>= 4.5:1) in both schemes.
 */
const rose: MantineColorsTuple = [
  '#fdf2f6',
  '#f9e1ea',
  '#f2c0d2',
  '#eb9db8',
  '#e47ea2',
  '#df6a94',
  '#d1517f',
  '#b83d6b',
  '#9c315a',
  '#82284b',
];

/** Mantine's default dropdown height (220px), scrolled by the listbox itself. */
const comboboxOptions = { maxHeight: rem(220), overflowY: 'auto' } as const;

export const theme = createTheme({
  primaryColor: 'rose',
  primaryShade: { light: 7, dark: 8 },
  colors: { rose },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Staff who ask their system for less motion get modals, menus and the banner without fades.
  respectReducedMotion: true,
  // Keyboard users always see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // A status badge ('ATIVO', 'INATIVO') is never cut to 'AT…' when a table column is pressed
    // for room: its label ellipsis otherwise lets the column shrink below the word.
    // (Written without Badge.extend so the theme does not pull Badge into every page's code.)
    // A gray dot ('INATIVO') takes the dimmed text colour: the dark scheme's filled gray
    // (gray-8) would vanish into the badge's own dark background.
    Badge: {
      styles: (_theme: unknown, props: { variant?: string }) =>
        props.variant === 'dot' ? { root: { minWidth: 'max-content' } } : {},
      vars: (_theme: unknown, props: { variant?: string; color?: string }) =>
        props.variant === 'dot' && props.color === 'gray'
          ? { root: { '--badge-dot-color': 'var(--mantine-color-dimmed)' } }
          : { root: {} },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // A table that scrolls sideways keeps everything inside its box: a visually hidden header
    // ('Ações') is absolutely positioned and, without a positioned box around it, widened the
    // whole page on a phone (e2e/dashboard.spec.ts, the renewals).
    TableScrollContainer: { styles: { scrollContainer: { position: 'relative' } } },
    // Mantine's eye button is English and skipped by Tab; ours is named in pt-BR and reachable
    // (its pressed state tells whether the password is showing).
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar senha' },
      },
    },
    // The listbox itself scrolls instead of a ScrollArea wrapped around it: a scrolling box with
    // no role and nothing focusable is a region keyboard users cannot scroll (axe
    // scrollable-region-focusable), while a combobox's own listbox is scrolled by its arrows.
    Select: { defaultProps: { withScrollArea: false }, styles: { options: comboboxOptions } },
    Autocomplete: {
      defaultProps: { withScrollArea: false },
      styles: { options: comboboxOptions },
    },
  },
});

/**
 * Mantine's default "dimmed" (gray-6 / dark-2) and error (red-6 / red-8) colours fall below
 * 4.5:1 on the page background; these keep the same look with AA contrast.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
