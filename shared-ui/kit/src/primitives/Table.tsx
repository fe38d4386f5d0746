import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * A data table (the admin lists): a header row of column names, then `children` (the `<tr>`s),
 * scrolling sideways on a narrow screen rather than squeezing its columns.
 */
export function Table({
  columns,
  head,
  caption,
  children,
}: {
  columns?: readonly string[];
  /** Header cells of one's own (sort buttons, a select-all box) instead of plain `columns`. */
  head?: ReactNode;
  /** The table's accessible name, shown to screen readers only. */
  caption?: string;
  children: ReactNode;
}) {
  return (
    <Scroll>
      <Grid>
        {caption && <Caption>{caption}</Caption>}
        <thead>
          <tr>
            {head ??
              (columns ?? []).map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Grid>
    </Scroll>
  );
}

const Caption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
