import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { PlainLinks } from '../components/light/PlainLink';

/**
 * Renders a component as the portal does (theme, a fresh query cache, a router at `route`), and
 * returns Testing Library's queries with a user-event session to click and type as a person would.
 */
export function renderWithPortal(ui: ReactElement, { route = '/', ...options }: { route?: string } & RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>
            <PlainLinks>{children}</PlainLinks>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}
