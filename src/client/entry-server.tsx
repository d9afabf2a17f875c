import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import type { SsrState } from './app/ssr-state';

export interface RenderedPage {
  /** 404 when no route matched the path. */
  status: number;
  /** The app's HTML, ready to pipe from its shell on; what Suspense holds back follows in the same stream. */
  stream: PipeableStream;
}

/** How long the server waits for held-back sections before it sends their fallbacks for the browser to finish. */
const ABORT_AFTER_MS = 10_000;

/**
 * The server's half of rendering a page: the router resolves the URL and loads the route's code,
 * then React streams the app with the answers in `ssr` already in its query cache.
 */
export async function renderPage(input: { url: string; ssr: SsrState; nonce: string; onError: (error: unknown) => void }): Promise<RenderedPage> {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [input.url] }), nonce: input.nonce });
  await router.load();
  const status = router.state.matches.some((match) => match.status === 'notFound' || match._notFound) ? 404 : 200;
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <StrictMode>
        <App router={router} ssr={input.ssr} />
      </StrictMode>,
      {
        nonce: input.nonce,
        onShellReady: () => resolve({ status, stream }),
        onShellError: reject,
        onError: input.onError,
      },
    );
    setTimeout(() => stream.abort(), ABORT_AFTER_MS).unref();
  });
}
