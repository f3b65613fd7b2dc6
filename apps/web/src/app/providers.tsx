// The first screen needs only these styles; the main layout loads Mantine's full stylesheet.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import './theme-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import './global.css';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { installFocusFirstInvalid } from '../lib/focus-invalid';
import { queryClient } from '../lib/query-client';
import { PortalMantine } from './mantine-context';

/** Theme and server state for every layout; the main layout adds modals, notifications and dialogs. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  useEffect(() => installFocusFirstInvalid(), []);
  return (
    <PortalMantine>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </PortalMantine>
  );
}
