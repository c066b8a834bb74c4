import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouterProvider } from './app/app-router-provider';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado em index.html.');

const root = createRoot(container);
// A transition lets React render the first screen in small slices instead of one long task, so a
// slow phone stays responsive while the app starts (the boot splash shows meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
