import { createContext, useContext } from 'react';

/**
 * The hour and the long date a server-rendered page was rendered with, in the parent's zone (the
 * `tz` cookie, which public/theme-init.js keeps, else the server's TZ). Hydration paints them
 * again, so the greeting matches the server's HTML, and the browser's own clock takes over once
 * mounted. Worked out on the server, so the first load carries no time zone arithmetic.
 */
export interface ServerClock {
  hour: number;
  date: string;
}

export const ServerClockContext = createContext<ServerClock | undefined>(undefined);

export const useServerClock = () => useContext(ServerClockContext);
