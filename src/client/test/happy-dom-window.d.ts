import type { DetachedWindowAPI } from 'happy-dom';

// Component tests run in happy-dom, which adds this to the window for tests to steer the page.
declare global {
  interface Window {
    happyDOM: DetachedWindowAPI;
  }
}
