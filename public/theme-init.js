// Runs before the first paint so the page never flashes the wrong theme. The key and the
// default ('light') must match src/client/lib/theme.ts.
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('nestling-color-scheme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch (e) {
    // Storage can be unavailable (private mode, blocked cookies): keep the default.
  }
  if (scheme === 'auto') {
    scheme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
