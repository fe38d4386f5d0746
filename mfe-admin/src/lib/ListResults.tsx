import { Pagination, Spinner, errorMessage } from '@jobboard/shared-ui';
import type { ReactNode } from 'react';

/** One page of an admin list as the API answers it: how many there are in all, and per page. */
interface ListPage {
  total: number;
  pageSize: number;
}

interface ListResultsProps<T extends ListPage, Row> {
  /** The list's SWR answer. */
  answer: { data?: T; error?: unknown; isLoading: boolean };
  /** The rows of a page. */
  rows(data: T): Row[];
  /** What it says while the first page loads, when it fails, and when it has no rows. */
  texts: { loading: string; loadFailed: string; empty: string };
  /** The page on screen (the view's), and how to go to another. */
  page: number;
  onPageChange(page: number): void;
  children(rows: Row[], data: T): ReactNode;
}

/**
 * The results of an admin list (the jobs, the review queue, the outbox): a spinner while the first
 * page loads (a poll keeps the page it has), the failure, the empty list's message, or the rows
 * and the pages under them.
 */
export function ListResults<T extends ListPage, Row>({
  answer: { data, error, isLoading },
  rows,
  texts,
  page,
  onPageChange,
  children,
}: ListResultsProps<T, Row>) {
  if (isLoading && !data) return <Spinner label={texts.loading} />;
  if (error) return <p role="alert">{errorMessage(error, texts.loadFailed)}</p>;
  const shown = data ? rows(data) : [];
  if (!data || !shown.length) return <p>{texts.empty}</p>;
  return (
    <>
      {children(shown, data)}
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil(data.total / data.pageSize))}
        onPageChange={onPageChange}
      />
    </>
  );
}
