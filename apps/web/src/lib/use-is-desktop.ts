import { useMediaQuery } from '@mantine/hooks';

/**
 * True from Mantine's `sm` breakpoint (48em) up: where the layouts show their full navigation
 * and pages their wide forms. Read synchronously on the first render (no flash of the phone
 * layout on a desktop); desktop is assumed only where matchMedia does not exist.
 */
export function useIsDesktop(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
}
