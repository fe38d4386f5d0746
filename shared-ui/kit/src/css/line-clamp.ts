import { css } from 'styled-components';

/**
 * Text cut after `lines` lines with an ellipsis (docs/product.md#constants-and-limits: a job's
 * description on a card). The -webkit- box is the one form every current browser clamps with.
 */
export function lineClamp(lines: number) {
  return css`
    display: -webkit-box;
    -webkit-line-clamp: ${lines};
    -webkit-box-orient: vertical;
    overflow: hidden;
  `;
}
