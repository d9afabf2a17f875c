import { createContext, useContext } from 'react';

/**
 * The instant a server-rendered page was rendered at, and its hour and long date in the parent's
 * zone (the `tz` cookie, which keepTimeZoneCookie keeps, else the server's TZ). Hydration paints
 * them again, so the greeting and each 'time ago' match the server's HTML, and the browser's own
 * clock takes over once mounted. Worked out on the server, so the first load carries no time zone
 * arithmetic.
 */
export interface ServerClock {
  /** The instant, in epoch milliseconds, for times shown as 'time ago' (lib/use-now.ts). */
  at: number;
  hour: number;
  date: string;
}

export const ServerClockContext = createContext<ServerClock | undefined>(undefined);

export const useServerClock = () => useContext(ServerClockContext);

/**
 * Puts the browser's zone in the `tz` cookie, for the server's next render of a page. Not in
 * public/theme-init.js, which blocks the first paint: the first use of Intl there took 25 to 40 ms
 * in Chromium on our 2-core machine (four times that on Lighthouse's simulated phone), and the
 * page it would serve is already rendered. So it waits until the browser is idle.
 */
export function keepTimeZoneCookie() {
  // Zone names hold no character a cookie value may not ('Europe/London', 'Etc/GMT+5').
  const keep = () => {
    document.cookie = `tz=${Intl.DateTimeFormat().resolvedOptions().timeZone};path=/`;
  };
  // Safari has no requestIdleCallback: there it runs in a task of its own, soon after this one.
  (window.requestIdleCallback || setTimeout)(keep);
}
