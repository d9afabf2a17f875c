import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { App } from './app/app';
import { createAppRouter, renderedPageExports } from './app/router';
import type { SsrState } from './app/ssr-state';
import { RenderedSectionsContext } from './lib/lazy-with-styles';

export interface RenderedPage {
  /** 404 when no route matched the path. */
  status: number;
  /** The app's HTML, complete, ready to pipe. */
  stream: PipeableStream;
  /** The lazy sections in that HTML, by name (lib/lazy-with-styles.ts). */
  sections: string[];
  /** The exports of lazily loaded code that HTML shows, its screen's and its sections': the browser fetches their code with the app's. */
  lazyCode: string[];
}

/** How long the server waits for lazy sections before it sends their fallbacks for the browser to finish. */
const ABORT_AFTER_MS = 10_000;

/**
 * The server's half of rendering a page: the router resolves the URL and loads the route's code,
 * then React renders the app, with the answers in `ssr` already in its query cache, to a stream.
 */
export async function renderPage(input: { url: string; ssr: SsrState; nonce: string; onError: (error: unknown) => void }): Promise<RenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [input.url] }), nonce: input.nonce });
  await router.load();
  const status = router.state.matches.some((match) => match.status === 'notFound' || match._notFound) ? 404 : 200;
  const sections = new Set<string>();
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <RenderedSectionsContext value={sections}>
          <App router={router} ssr={input.ssr} />
        </RenderedSectionsContext>
      </StrictMode>,
      {
        nonce: input.nonce,
        // React moves a finished section bigger than this out of line, to be put in place by a
        // script: without JavaScript it would stay hidden. Everything is finished here (onAllReady).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Not onShellReady: sections that suspend (lazy code, which takes milliseconds here) would
        // then arrive as hidden HTML that only a script reveals, and the page must read without
        // JavaScript. The data is loaded before rendering, so waiting costs only render time.
        onAllReady: () => resolve({ status, stream, sections: [...sections], lazyCode: [...renderedPageExports(router), ...sections] }),
        onShellError: reject,
        onError: input.onError,
      },
    );
    setTimeout(() => stream.abort(), ABORT_AFTER_MS).unref();
  });
}
