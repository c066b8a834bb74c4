import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` in every build and test (vite.config.ts, `mantineUseId`).
 * Mantine's returns React's id on the first render, then swaps in a random one from a layout
 * effect: every input, switch and shell re-rendered once after it was mounted, synchronously,
 * in the commit's task, and changed its DOM ids. On the builder that second render was two
 * thirds of the first commit, the longest task of its load on a phone
 * (docs/decisions/0027-first-frame-on-the-issue-machine.md). React's id is stable and unique
 * within the app's one root; the characters React wraps it in are dropped so that it stays a
 * plain CSS identifier, as Mantine's ids were.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
