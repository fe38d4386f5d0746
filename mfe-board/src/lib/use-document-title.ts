import { useEffect } from 'react';

/** Names the browser tab after what is on screen (a job's modal), and restores it afterwards. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
