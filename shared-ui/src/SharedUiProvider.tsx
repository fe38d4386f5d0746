import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { swrDefaults } from './api/swr';
import { TooltipProvider } from './primitives/Tooltip';
import { GlobalStyle } from './theme/global-style';
import { theme } from './theme/theme';

/**
 * Theme, global style, SWR defaults and tooltip timing. The shell renders it once around the
 * page; a remote's standalone dev bootstrap renders it around the remote.
 */
export function SharedUiProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SWRConfig value={swrDefaults}>
        <TooltipProvider>{children}</TooltipProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
