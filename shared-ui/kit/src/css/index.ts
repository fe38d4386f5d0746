// Styling helpers (styled-components `css`), imported as '@jobboard/shared-ui/css'. Not part of the
// shared singleton: each app bundles what it uses, so a remote using a new one needs no newer shell.
export { lineClamp } from './line-clamp';
