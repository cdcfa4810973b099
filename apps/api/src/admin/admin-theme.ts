/**
 * The back-office in the product's dark theme (frontend/src/styles/global.css's palette), as AdminJS 7's design-system
 * colour tokens. AdminJS writes text in `white` on its primary buttons and badges and paints its inputs and menus
 * `white`: in a dark theme "white" is the darkest surface, so the light brand blue stays readable both as a button
 * (dark text on it) and as a link (on the dark surfaces). Each text/background pair is ≥ 4.5:1 (WCAG AA, axe
 * color-contrast; test/browser/admin-axe.browser-spec.ts runs axe on every back-office page).
 */
export const ADMIN_THEME_COLORS = {
  // surfaces: the page, the boxes, the sidebar and the filter drawer
  bg: '#0b1426',
  container: '#132241',
  sidebar: '#0f1b33',
  filterBg: '#0f1b33',
  white: '#0b1426',
  black: '#000000',
  highlight: '#182a4f',
  // text
  text: '#e6edf7',
  grey100: '#e6edf7',
  grey80: '#c5d1e4',
  grey60: '#9fb0cc',
  grey40: '#6a7fa6',
  grey20: '#182a4f',
  // lines
  border: '#243a66',
  inputBorder: '#6a7fa6',
  separator: '#243a66',
  // the brand blue
  primary100: '#5aa9ff',
  primary80: '#7dbbff',
  primary60: '#9cc8ff',
  primary40: '#2c4f86',
  primary20: '#1a3560',
  accent: '#9fb0cc',
  love: '#5aa9ff',
  // states: the strong colour as a background or a text on the dark surfaces, the light one as a tinted surface
  errorDark: '#ff8a96',
  error: '#ff5c6c',
  errorLight: '#3a1c28',
  successDark: '#4ee0a0',
  success: '#1fc77e',
  successLight: '#0f3a2c',
  warningDark: '#f5c96a',
  warning: '#f5b942',
  warningLight: '#3a2f14',
  infoDark: '#8cc4ff',
  info: '#5aa9ff',
  infoLight: '#14305a',
} as const;

/** Served at this path and loaded on every AdminJS page through `assets.styles` (admin-assets.ts). */
export const ADMIN_THEME_STYLESHEET = '/admin-assets/theme.css';

/**
 * What the tokens cannot reach: AdminJS 7 sets no text colour on the page, so its labels without a variant, the
 * login page's heading and the signed-in user box inherit the browser's default black, unreadable on the dark
 * surfaces. The page's own text colour (and its background, before the app has painted) fixes all of them at once.
 */
export const ADMIN_THEME_CSS = `html, body { color: ${ADMIN_THEME_COLORS.text}; background: ${ADMIN_THEME_COLORS.bg}; color-scheme: dark; }
`;
