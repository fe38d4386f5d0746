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

  it('taken over by the browser in place: the same elements, the focus moved in and kept there, Escape closes it', async () => {
    const onClose = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(dialog(onClose));
    document.body.append(container);
    const drawn = container.querySelector('[role="dialog"]')!;
    const link = document.createElement('a');
    const errors = vi.spyOn(console, 'error');
    let root!: Root;
    await act(async () => void (root = hydrateRoot(container, dialog(onClose))));
    // Nothing drawn again: a click on the server's elements is never lost to a swap.
    expect(screen.getByRole('dialog', { name: 'Data Editor' })).toBe(drawn);
    expect(errors).not.toHaveBeenCalled();
    await waitFor(() => expect(drawn).toContainElement(document.activeElement as HTMLElement));
    // Tab goes round inside the dialog (its one control is the close button).
    document.body.append(link);
    await userEvent.tab();
    expect(drawn).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
    link.remove();
    errors.mockRestore();
  });

  it('taken over by the browser, leaves an Escape in a dialog opened above it to that dialog', async () => {
    const closeJob = vi.fn();
    const page = (applying: boolean, closeApplication = () => {}) => (
      <SharedUiProvider>
        <Modal open onClose={closeJob}>
          <ModalTitle>Data Editor</ModalTitle>
          <Modal open={applying} onClose={closeApplication} title="Apply for Data Editor">
            <p>The form.</p>
          </Modal>
        </Modal>
      </SharedUiProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(false));
    document.body.append(container);
    let root!: Root;
    await act(async () => void (root = hydrateRoot(container, page(false))));
    const closeApplication = vi.fn();
    await act(async () => root.render(page(true, closeApplication)));
    const above = await screen.findByRole('dialog', { name: 'Apply for Data Editor' });
    await waitFor(() => expect(above).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    expect(closeApplication).toHaveBeenCalledTimes(1);
    expect(closeJob).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('open from the start and closed, opens next time as the Radix dialog', async () => {
    const at = (open: boolean) => (
      <SharedUiProvider>
        <Modal open={open} onClose={() => {}} title="Data Editor">
          <p>Edits the data desk.</p>
        </Modal>
      </SharedUiProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(at(true));
    document.body.append(container);
    const drawn = container.querySelector('[role="dialog"]');
    let root!: Root;
    await act(async () => void (root = hydrateRoot(container, at(true))));
    await act(async () => root.render(at(false)));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => root.render(at(true)));
    const reopened = await screen.findByRole('dialog', { name: 'Data Editor' });
    expect(reopened).not.toBe(drawn);
    expect(container).not.toContainElement(reopened);
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
