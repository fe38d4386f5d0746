import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import styled from 'styled-components';

/** Tooltip timing of docs/product.md 9. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Tooltips are their own entry, `@jobboard/shared-ui/tooltip`, outside the shared runtime, so a
 * page without one (the board's first view) carries no tooltip code. Wrap an area in
 * TooltipProvider once so every tooltip in it shares the delays.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </RadixTooltip.Provider>
  );
}

/** A short hint on hover or keyboard focus of its (single, focusable) child. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <Bubble sideOffset={6}>
          {content}
          <RadixTooltip.Arrow />
        </Bubble>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

const Bubble = styled(RadixTooltip.Content)`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.textInverse};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  z-index: ${({ theme }) => theme.zIndices.toast};
  fill: ${({ theme }) => theme.colors.text};
`;
