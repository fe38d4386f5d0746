import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { closeFakeApi, resetFakeApi } from './test-support/fake-api';

afterEach(() => cleanup());

// `findBy...` waits up to 15 s rather than 1: a lazily loaded part (a dialog's code) can take
// seconds to arrive on a 2-core machine whose cores are busy with other work. Only a limit: the
// wait ends as soon as the element is there.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks pointer events and pointer capture, which the Radix primitives use.
if (typeof window !== 'undefined') {
  if (!('PointerEvent' in window)) {
    class PointerEvent extends MouseEvent {
      readonly pointerType: string;
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? 'mouse';
        this.pointerId = init.pointerId ?? 1;
      }
    }
    Object.assign(window, { PointerEvent });
  }
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // jsdom has scrollTo but only complains that it is not implemented.
  window.scrollTo = () => {};
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The typed fake API (test-support/fake-api.ts): answers and recorded calls never leak into the
// next test, and `fetch` is the real one again after each file.
afterEach(() => resetFakeApi());
afterAll(() => closeFakeApi());
