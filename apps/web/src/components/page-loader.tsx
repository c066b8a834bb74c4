import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Suspense fallback while a lazy page's code downloads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>Carregando...</VisuallyHidden>
    </Center>
  );
}
