// The entry index.html names. The app itself (boot.tsx) runs once the browser has painted the
// page: on a server-rendered page the parent can read it while the app's code starts, which takes
// about half a second of a phone's CPU and, once begun, lets no paint in. Its files are fetched at
// once all the same: index.html links them (appWithEntry() in vite.config.ts). A hidden tab gets no
// animation frames until it is shown, and has nothing to paint, so it starts the app at once.
const boot = () => void import('./boot');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(boot));
else boot();
