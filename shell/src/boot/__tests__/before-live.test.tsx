import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_LIVE_EVENTS } from '@jobboard/contract/site';
import { act, useEffect, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The page's first script (before-live.js) with real React hydration: what a visitor types,
 * ticks, chooses and presses on the server's HTML before React takes it over is React's state and
 * React's handlers' work once the page is live, whatever React renders in between (issue 40).
 */

const SCRIPT = readFileSync(path.join(import.meta.dirname, '..', 'before-live.js'), 'utf8');

interface Seen {
  submitted: string[];
  presses: number;
  cardOpens: number;
}

/** A small page like the board's and the submission form: controlled fields, buttons, a card. */
function Page({ seen }: { seen: Seen }) {
  const [title, setTitle] = useState('');
  const [remote, setRemote] = useState(false);
  const [sort, setSort] = useState('recent');
  const [presses, setPresses] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  // A render right after hydration, as a page's stores and data do: it would write the state's
  // empty title back into the field.
  useEffect(() => setHydrated(true), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    seen.submitted.push(title);
  };
  return (
    <main data-hydrated={hydrated}>
      <form aria-label="Submit a job" onSubmit={submit}>
        <input aria-label="Title" value={title} onChange={(e) => setTitle(e.target.value)} />
        <input
          type="checkbox"
          aria-label="Remote"
          checked={remote}
          onChange={(e) => setRemote(e.target.checked)}
        />
        <select aria-label="Sort" value={sort} onChange={(e) => setSort(e.target.value)}>
          <option value="recent">Most Recent</option>
          <option value="salary-high">Highest Salary</option>
        </select>
        <button type="submit">Send</button>
      </form>
      <button
        type="button"
        onClick={() => {
          seen.presses += 1;
          setPresses((n) => n + 1);
        }}
      >
        Bookmark
      </button>
      {/* As the board's job card: its title is the link; a click on the rest is a mouse's shortcut. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <article data-replay-click="" onClick={() => (seen.cardOpens += 1)}>
        <span>A card</span>
      </article>
      <output aria-label="state">{JSON.stringify({ title, remote, sort, presses })}</output>
    </main>
  );
}

let container: HTMLElement;
let root: Root | undefined;
let seen: Seen;

beforeEach(() => {
  seen = { submitted: [], presses: 0, cardOpens: 0 };
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page seen={seen} />);
  document.body.append(container);
  // As the page's head runs it: before anything else.
  new Function(SCRIPT)();
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

const field = <T extends Element>(label: string) =>
  container.querySelector<T>(`[aria-label="${label}"]`)!;
const state = () => JSON.parse(field('state').textContent!);

/** The visitor's typing: the browser sets the value (not through a script's setter) and tells it. */
function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** React takes the page over, re-renders it, and the shell says it is live. */
async function comeAlive() {
  document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.hydrating));
  await act(async () => {
    root = hydrateRoot(container, <Page seen={seen} />);
  });
  expect(field('Title').closest('main')!.getAttribute('data-hydrated')).toBe('true');
  await act(async () => {
    document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.live));
  });
}

describe('what a visitor does before the page is live', () => {
  it('keeps what was typed, ticked and chosen, as React state', async () => {
    type(field<HTMLInputElement>('Title'), 'Grants Writer');
    field<HTMLInputElement>('Remote').click();
    const sort = field<HTMLSelectElement>('Sort');
    sort.value = 'salary-high';
    sort.dispatchEvent(new Event('change', { bubbles: true }));

    await comeAlive();
    expect(state()).toMatchObject({ title: 'Grants Writer', remote: true, sort: 'salary-high' });
    expect(field<HTMLInputElement>('Title').value).toBe('Grants Writer');
    expect(field<HTMLInputElement>('Remote').checked).toBe(true);
    // The visitor goes on typing where they were, and React follows.
    type(field<HTMLInputElement>('Title'), 'Grants Writer II');
    expect(state().title).toBe('Grants Writer II');
  });

  it('does each press once live, in order, and sends a held form with what was typed', async () => {
    type(field<HTMLInputElement>('Title'), 'Editor');
    container
      .querySelector('button[type=button]')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    container
      .querySelector('article span')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // A form without an action is held: the browser would put its fields in the address.
    const form = container.querySelector('form')!;
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(seen).toEqual({ submitted: [], presses: 0, cardOpens: 0 });

    await comeAlive();
    expect(seen).toEqual({ submitted: ['Editor'], presses: 1, cardOpens: 1 });
    expect(state().presses).toBe(1);
  });

  it('closes on an Escape pressed before live, as the page listens for it', async () => {
    let closed = 0;
    document.addEventListener('keydown', (event) => event.key === 'Escape' && (closed += 1));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(closed).toBe(1); // the browser's own, which the page does not listen to yet
    await comeAlive();
    expect(closed).toBe(2);
  });

  it('leaves to React what is pressed once React listens, and does nothing twice', async () => {
    document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.hydrating));
    await act(async () => {
      root = hydrateRoot(container, <Page seen={seen} />);
    });
    container.querySelector<HTMLButtonElement>('button[type=button]')!.click();
    await act(async () => {
      document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.live));
      document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.live));
    });
    expect(seen.presses).toBe(1);
  });

  it('lets a form with an action go to its address, as the board search does without script', () => {
    const search = document.createElement('form');
    search.setAttribute('action', '/');
    container.append(search);
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    search.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(false);
  });

  it('listens for the events the shell sends (the contract names them)', () => {
    expect(SCRIPT).toContain(`'${PAGE_LIVE_EVENTS.hydrating}'`);
    expect(SCRIPT).toContain(`'${PAGE_LIVE_EVENTS.live}'`);
  });
});
