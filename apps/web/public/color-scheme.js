/* global window, document */
// Mirrors Mantine's localStorageColorSchemeManager (key set in src/app/providers.tsx) so the
// page is painted in the right scheme before React starts.
(function () {
  try {
    var stored = window.localStorage.getItem('portal-color-scheme');
    var scheme =
      stored === 'light' || stored === 'dark'
        ? stored
        : window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (e) {
    // Storage can be blocked (private mode); Mantine falls back to the system preference.
  }
})();
