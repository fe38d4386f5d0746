import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { swrDefaults } from './api/swr';
import { GlobalStyle } from './theme/global-style';
import { theme } from './theme/theme';

/**
 * Theme, global style and SWR defaults. The shell renders it once around the
 * page; a remote's standalone dev bootstrap renders it around the remote.
 */
export function SharedUiProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SWRConfig value={swrDefaults}>{children}</SWRConfig>
    </ThemeProvider>
  );
}
