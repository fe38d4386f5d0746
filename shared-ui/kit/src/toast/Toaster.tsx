import { lazy, Suspense, useEffect, useState } from 'react';

const RadixToaster = lazy(() => import('./RadixToaster'));

/**
 * The page's single toast viewport (rendered once, by the shell). Its code (Radix Toast) is not
 * part of the first view: it loads once the page has painted, and toasts raised before then wait
 * in the store and show as soon as it is there.
 */
export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  ) : null;
}

/** Runs `then` when the browser is idle after painting (soon, in any case). */
function afterFirstPaint(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(then, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(then, 200);
  return () => window.clearTimeout(timer);
}
