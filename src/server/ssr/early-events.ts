import { RELEASE_EARLY_EVENTS } from '../../client/app/ssr-state';

/**
 * Runs inline at the top of a server-rendered page's body, before its HTML. Until React has
 * hydrated the page its buttons have no handlers, so a tap on one did nothing (seen: a Profile
 * tab tapped as soon as the page had loaded stayed unselected) and a form submitted natively, as a
 * GET with its fields, a password too, in the URL; text typed was put back to the server's empty
 * value when React hydrated the input. This holds such clicks and submits back, notes typing, and
 * replays them, in order, once the root has hydrated (App calls window[RELEASE_EARLY_EVENTS]) and
 * the element itself has: React hydrates each Suspense boundary (a route's screen is one) in a later
 * pass, and drops an event on one it cannot hydrate at once (a lazy section still loading). An
 * element React has hydrated carries its props under a __reactProps$ key, the one sign of it the
 * page can read; after ten seconds' worth of frames the event is replayed regardless. Links are
 * left alone: they work without JavaScript. Plain JavaScript in a string, not a stringified function:
 * tsx's transform would put helpers in it that the browser does not have.
 */
export const EARLY_EVENTS_SCRIPT = `{
const held = [];
const hold = (event) => {
  if (!(event.target instanceof Element) || event.target.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(event);
};
// Typing is not held back, but hydration puts each input's value back to the server's: the
// value is noted, to be typed again through React once it has hydrated the input.
const note = (event) => {
  if (event.target.matches('input:not([type=checkbox]):not([type=radio]), textarea')) held.push({ type: 'input', target: event.target, value: event.target.value });
};
addEventListener('click', hold, true);
addEventListener('submit', hold, true);
addEventListener('input', note, true);
window.${RELEASE_EARLY_EVENTS} = () => {
  removeEventListener('click', hold, true);
  removeEventListener('submit', hold, true);
  removeEventListener('input', note, true);
  const replay = (frames) => {
    while (held.length) {
      const { type, target, value } = held[0];
      if (target.isConnected && frames < 600 && !Object.keys(target).some((key) => key.startsWith('__reactProps$')))
        return requestAnimationFrame(() => replay(frames + 1));
      held.shift();
      if (!target.isConnected) continue;
      if (type === 'input') {
        // The prototype's setter, as React itself does not see a plain assignment.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value').set.call(target, value);
        target.dispatchEvent(new Event('input', { bubbles: true }));
      } else type === 'submit' ? target.requestSubmit() : target.click();
    }
  };
  replay(0);
};
}`;
