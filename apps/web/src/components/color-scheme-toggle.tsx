import { ActionIcon, Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** The scheme on screen ('auto' resolved through the system preference) and a toggle for it. */
export function useColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const isDark = computed === 'dark';
  // Choosing a scheme stores it (localStorage manager); until then the system preference rules.
  const toggle = () => setColorScheme(isDark ? 'light' : 'dark');
  return { isDark, toggle };
}

/** Icon button for headers. */
export function ColorSchemeToggle() {
  const { isDark, toggle } = useColorSchemeToggle();
  const label = isDark ? 'Ativar modo claro' : 'Ativar modo escuro';
  return (
    <ActionIcon variant="default" size="lg" onClick={toggle} aria-label={label} title={label}>
      {isDark ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}

/** SPEC (admin login): a mode indicator that reads 'Claro' or 'Escuro' and switches it. */
export function ColorSchemeIndicator() {
  const { isDark, toggle } = useColorSchemeToggle();
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      onClick={toggle}
      leftSection={isDark ? <IconMoon size={16} aria-hidden /> : <IconSun size={16} aria-hidden />}
      title={isDark ? 'Ativar modo claro' : 'Ativar modo escuro'}
    >
      {isDark ? 'Escuro' : 'Claro'}
    </Button>
  );
}
