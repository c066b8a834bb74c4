import { useEffect } from 'react';

const APP_NAME = 'Portal Estética';

/** Every route names itself in the browser tab (and for screen readers on navigation). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
