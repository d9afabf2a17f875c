// @vitest-environment happy-dom
import '../test/dom-setup';
import { act } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useFirstAnswerDeferred } from './use-first-answer-deferred';

function Likes({ count }: { count: number | undefined }) {
  const shown = useFirstAnswerDeferred(count);
  return <p>{shown === undefined ? 'Loading…' : `${shown} likes`}</p>;
}

let root: Root | undefined;
const container = () => document.body.querySelector('p')?.textContent;
afterEach(() => act(() => root?.unmount()));

/**
 * A query's update reaches React as a synchronous render (useSyncExternalStore); flushSync makes
 * one here, so what it commits is what a phone would have rendered in one piece.
 */
const renderSync = (count: number | undefined) => flushSync(() => root!.render(<Likes count={count} />));

describe('the first answer of a query', () => {
  it('waits for a transition instead of rendering in the synchronous update that brought it', async () => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => renderSync(undefined));
    expect(container()).toBe('Loading…');

    renderSync(3);
    expect(container()).toBe('Loading…');
    await act(async () => {});
    expect(container()).toBe('3 likes');
  });

  it('shows later changes, such as an optimistic like, in the update that brings them', async () => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => renderSync(3));
    expect(container()).toBe('3 likes');

    renderSync(4);
    expect(container()).toBe('4 likes');
  });

  it('shows data the page was first rendered with at once', async () => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
    renderSync(5);
    expect(container()).toBe('5 likes');
  });
});
