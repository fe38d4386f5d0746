import { act, render, screen, waitFor } from '@jobboard/test-utils/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import userEvent from '@jobboard/test-utils/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Modal, ModalTitle } from '../primitives/Modal';
import { SharedUiProvider } from '../SharedUiProvider';

const dialog = (onClose = () => {}) => (
  <SharedUiProvider>
    <Modal open onClose={onClose}>
      <ModalTitle>Data Editor</ModalTitle>
      <p>Edits the data desk.</p>
    </Modal>
  </SharedUiProvider>
);

describe('<Modal />', () => {
  it('is in the server-drawn HTML when open from the start, named by its title', () => {
    const html = renderToString(dialog());
    const container = document.createElement('div');
    container.innerHTML = html;
    const drawn = container.querySelector('[role="dialog"]')!;
    expect(drawn).not.toBeNull();
    expect(drawn.textContent).toContain('Edits the data desk.');
    const title = container.querySelector(`#${CSS.escape(drawn.getAttribute('aria-labelledby')!)}`);
    expect(title?.textContent).toBe('Data Editor');
  });

  it('taken over by the browser: closes on Escape at once, then is the Radix dialog', async () => {
    const onClose = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(dialog(onClose));
    document.body.append(container);
    let root!: Root;
    await act(async () => void (root = hydrateRoot(container, dialog(onClose))));
    expect(screen.getByRole('dialog', { name: 'Data Editor' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    // Radix moves the focus into its dialog; the dialog drawn in place does not.
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
    );
    act(() => root.unmount());
    container.remove();
  });

  it('opened later, is the Radix dialog from the start', async () => {
    const { rerender } = render(
      <SharedUiProvider>
        <Modal open={false} onClose={() => {}} title="Data Editor">
          <p>Edits the data desk.</p>
        </Modal>
      </SharedUiProvider>,
    );
    rerender(
      <SharedUiProvider>
        <Modal open onClose={() => {}} title="Data Editor">
          <p>Edits the data desk.</p>
        </Modal>
      </SharedUiProvider>,
    );
    const opened = await screen.findByRole('dialog', { name: 'Data Editor' });
    expect(opened).toContainElement(document.activeElement as HTMLElement);
  });
});
