import 'styled-components';

/**
 * Design tokens. Components use these only (no colour literals elsewhere), so a publication can
 * re-brand the board here. Colours are chosen for WCAG AA contrast on their backgrounds.
 */
export const theme = {
  colors: {
    text: '#1f2430',
    textMuted: '#4f5665',
    textInverse: '#ffffff',
    background: '#f6f7f9',
    surface: '#ffffff',
    surfaceMuted: '#eef0f4',
    border: '#d5d9e0',
    borderStrong: '#9aa1ad',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    primarySoft: '#e0e9ff',
    accent: '#b45309',
    featured: '#b45309',
    featuredSoft: '#fff4e0',
    danger: '#b91c1c',
    dangerSoft: '#fde8e8',
    success: '#166534',
    successSoft: '#e3f5e8',
    focus: '#2563eb',
    overlay: 'rgba(17, 24, 39, 0.55)',
    badge: {
      fullTime: { bg: '#dcfce7', fg: '#14532d' },
      partTime: { bg: '#e0f2fe', fg: '#0c4a6e' },
      contract: { bg: '#f3e8ff', fg: '#581c87' },
      remote: { bg: '#fef3c7', fg: '#78350f' },
      other: { bg: '#e5e7eb', fg: '#1f2937' },
    },
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "Georgia, 'Times New Roman', serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.5rem',
    xxl: '2.25rem',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1)',
    raised: '0 10px 30px rgba(16, 24, 40, 0.18)',
  },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
  layout: { maxWidth: '1200px' },
  zIndices: { header: 10, overlay: 40, modal: 50, toast: 100 },
} as const;

export type Theme = typeof theme;

/** `${media.md}` in a styled template: styles for screens at least 768 px wide. */
export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
};

// Every styled component in the tree sees these tokens as its typed `theme`.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
