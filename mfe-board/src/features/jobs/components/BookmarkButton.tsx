import type { Job } from '@jobboard/contract/jobs';
import { Button, type ButtonVariant } from '@jobboard/shared-ui';
import type { MouseEvent } from 'react';
import { JOB_TEXT } from '../messages';
import { useBookmarks, useIsBookmarked } from '../stores/bookmarks-store';

/**
 * Bookmark / Bookmarked (docs/product.md#routes-and-screens): a toggle button; `describedBy` names the job it is for, since a
 * list has one per card.
 */
export function BookmarkButton({
  job,
  describedBy,
  size = 'sm',
}: {
  job: Job;
  describedBy?: string;
  size?: 'sm' | 'md';
}) {
  const saved = useIsBookmarked(job.id);
  const toggle = useBookmarks((s) => s.toggle);
  const variant: ButtonVariant = saved ? 'primary' : 'secondary';
  return (
    <Button
      type="button"
      $variant={variant}
      $size={size}
      aria-pressed={saved}
      aria-describedby={describedBy}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        toggle(job.id);
      }}
    >
      <span aria-hidden="true">{saved ? '★' : '☆'}</span>
      {saved ? JOB_TEXT.bookmarked : JOB_TEXT.bookmark}
    </Button>
  );
}
