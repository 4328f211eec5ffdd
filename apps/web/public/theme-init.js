/* global window, document */
// Runs before the app bundle so the page never flashes the wrong theme.
// Mirrors src/lib/theme.tsx: localStorage key `theme` holds light | dark | system (default system).
(function () {
  try {
    var stored = window.localStorage.getItem('theme');
    var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage unavailable: keep the light default */
  }
})();
