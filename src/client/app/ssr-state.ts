import type { DehydratedState } from '@tanstack/react-query';
import type { ServerClock } from '../lib/server-clock';

/**
 * What a server-rendered page carries beside its HTML, as JSON in a script element of this id:
 * the answers the server rendered with (the query cache, dehydrated) and the clock it used.
 */
export interface SsrState {
  queries: DehydratedState;
  /** The parent's zone: the tz cookie, else the server's TZ. */
  timeZone: string;
  clock: ServerClock;
}

/** The script element's content: the state, and the lazy sections the HTML holds, by name, whose code loads before hydrating. */
export interface SsrPage extends SsrState {
  sections: string[];
}

export const SSR_STATE_ID = 'nestling-ssr';

/** The user timing mark boot.tsx sets as it starts hydrating a server-rendered page. */
export const HYDRATION_MARK = 'nestling:hydrate';
