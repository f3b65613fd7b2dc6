import { MantineContext, MantineThemeProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';

/*
 * What MantineProvider gives the components, without the work it does on every first render: the
 * portal is light only (index.html sets data-mantine-color-scheme="light" on <html>, as the provider
 * would), and the theme's CSS variables and breakpoint classes, which the provider computes and writes
 * into the page at run time, are a stylesheet generated once from the theme (theme-variables.css,
 * `npm run theme:css`). Its module also computes Mantine's default variables when it loads: about 6 ms
 * of a cold first screen on a 2-core machine (docs/decisions/0031).
 */
const context = {
  colorScheme: 'light' as const,
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

/** The theme and Mantine's settings for every component of the portal. */
export function PortalMantine({ children }: { children: ReactNode }) {
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
