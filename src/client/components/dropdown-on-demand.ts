import { useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether a Mantine Popover's or Menu's dropdown is in the tree: only from the first time it is
 * opened. Mounted closed, each dropdown still renders its portal, and the portal renders again in a
 * layout effect; with a bell in each bar, the profile menu and a menu on every post, those nested
 * renders were about 150 ms of each of the first commits on a 4×-slowed phone CPU (bench/README.md).
 *
 * Call `mount` in the target's click handler, before the dropdown opens: it commits the closed
 * dropdown at once, so that opening it is an update, which is when Mantine's focus return records
 * the target to give focus back to on close.
 */
export function useDropdownOnDemand(openAtStart = false) {
  const [mounted, setMounted] = useState(openAtStart);
  const mount = () => {
    if (!mounted) flushSync(() => setMounted(true));
  };
  return { mounted, mount };
}
