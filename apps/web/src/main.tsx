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
const { router, firstRouteReady } = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado em index.html.');

const root = createRoot(container);
// The first URL's code is already on its way (the HTML links it): rendering once it is here puts
// the page itself on screen first, instead of a loader that the page then replaces. A transition
// lets React render that screen in small slices, so a slow phone stays responsive meanwhile (the
// boot splash shows).
void firstRouteReady.then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppRouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }),
);
