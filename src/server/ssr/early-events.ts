/**
 * Runs inline at the top of a server-rendered page's body, before its HTML. Until React has
 * hydrated an element it has no handlers, so a tap on it did nothing (seen: a Profile tab tapped as
 * soon as the page had loaded stayed unselected), a form submitted natively, as a GET with its
 * fields, a password too, in the URL, and text typed was put back to the server's empty value
 * when React hydrated the input. React hydrates the root first and each Suspense boundary (a
 * route's screen is one) in a later pass, and drops an event on one it cannot hydrate at once (a
 * lazy section still loading). So this holds back clicks and submits on elements React has not
 * hydrated yet (links excepted: they work without JavaScript), notes what is typed into them, and
 * replays both, in order, once React has hydrated each target and committed it (see `hydrated`:
 * React's marks on the element are the one sign of it the page can read). Enter in a text area
 * is held too: our chats send on Enter (seen: a question typed and sent on /assistant before
 * hydration stayed in the box as a new line); replayed, a handler that does not take it gets its
 * new line. A replayed text goes a frame ahead of what follows, so that React has rendered it by
 * then (a handler reads the text from its state). After a minute's worth of frames an event is
 * replayed regardless (ten seconds was too short on a loaded machine now that the app starts after
 * the first paint: a sign-in click replayed on an unhydrated form submits it natively). Replayed
 * events are not trusted, so they pass.
 * Plain JavaScript in a string, not a stringified function: tsx's transform would put helpers in
 * it that the browser does not have.
 */
export const EARLY_EVENTS_SCRIPT = `{
const held = [];
let frames = 0;
// Hydrated means committed: React gives an element its fiber (under a __reactFiber$ key) as it
// hydrates it, but hydrates in slices between frames, and until that pass commits it drops an
// event on the element (seen: an email typed before hydration and replayed then was lost, the
// password after it kept). React's own test (getNearestMountedFiber): a fiber with no alternate,
// or a parent of it with none, still carries Placement (2) or Hydrating (4096) until committed.
const PENDING = 2 | 4096;
const hydrated = (target) => {
  const key = Object.keys(target).find((name) => name.startsWith('__reactFiber$'));
  for (let fiber = key && target[key]; fiber && !fiber.alternate; fiber = fiber.return) if (fiber.flags & PENDING) return false;
  return key !== undefined;
};
// Inside the page's #root (not the root itself, which React never marks), as long as anything is held or the element is not hydrated.
const waiting = ({ isTrusted, target }) =>
  isTrusted && target instanceof Element && target.id !== 'root' && target.closest('#root') !== null && (held.length > 0 || !hydrated(target));
const replay = () => {
  while (held.length) {
    const { type, target, value } = held[0];
    if (target.isConnected && !hydrated(target) && frames++ < 3600) return requestAnimationFrame(replay);
    held.shift();
    if (!target.isConnected) continue;
    if (type === 'input') {
      // React fires onChange only for a value its tracker has not seen, and the tracker may have
      // taken the typed text from the element as it hydrated, while React's state kept the server's
      // empty value. So a plain assignment (which the tracker sees) to another value, then the text
      // through the prototype's setter (which it does not).
      target.value = value + ' ';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value').set.call(target, value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
      if (held.length) return requestAnimationFrame(replay);
    } else if (type === 'keydown') {
      if (target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))) {
        target.setRangeText('\\n', target.selectionStart, target.selectionEnd, 'end');
        target.dispatchEvent(new Event('input', { bubbles: true }));
      }
    } else type === 'submit' ? target.requestSubmit() : target.click();
  }
  frames = 0;
};
const keep = (entry) => {
  held.push(entry);
  if (held.length === 1) requestAnimationFrame(replay);
};
const hold = (event) => {
  if (!waiting(event) || event.target.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  keep(event);
};
addEventListener('click', hold, true);
addEventListener('submit', hold, true);
addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && waiting(event) && event.target.matches('textarea')) {
    event.preventDefault();
    event.stopImmediatePropagation();
    keep({ type: 'keydown', target: event.target });
  }
}, true);
addEventListener('input', (event) => {
  if (waiting(event) && event.target.matches('input:not([type=checkbox]):not([type=radio]), textarea'))
    keep({ type: 'input', target: event.target, value: event.target.value });
}, true);
}`;
