// The configurations the API benches run the app in: `npm start`'s (the SPA and AdminJS mounted, the access log
// at info), and a stripped one (neither mounted) that shows what those cost per API request.
export const APP_CONFIGS = {
  'as npm start runs it (SPA + AdminJS mounted, log info)': {},
  'stripped (SPA_DIR=off, ADMIN_PANEL=false)': { SPA_DIR: 'off', ADMIN_PANEL: 'false' },
};

/** BENCH_CONFIG=stripped|npm: one configuration only (default: both, npm start's first). */
export function selectedConfigs(only = process.env.BENCH_CONFIG) {
  const entries = Object.entries(APP_CONFIGS);
  if (!only) return entries;
  return entries.filter(([name]) => (only === 'stripped' ? name.startsWith('stripped') : !name.startsWith('stripped')));
}
