/** Where the script that names AdminJS's unnamed controls is served (beside login-code.js, outside /admin). */
export const ADMIN_A11Y_SCRIPT = '/admin-assets/a11y.js';

/**
 * axe-core's critical hits on AdminJS's pages (test/browser/admin-axe.browser-spec.ts) that no option of
 * AdminJS reaches:
 * - every list page renders the filter drawer, whose inputs and selects sit beside a <label> that is not tied
 *   to them (no `for`, no id; axe `label`), and whose close button holds only an X icon (axe `button-name`);
 * - the confirmation a guarded action opens (Block?, KYC…) has an icon-only close button, and its Cancel and
 *   Confirm buttons carry their words in a `label` attribute the design system draws, not as text (`button-name`);
 * - a list of more than one page has icon-only first / previous / next / last buttons (`button-name`).
 * This script, loaded on AdminJS pages through `assets.scripts`, gives them the accessible names a screen
 * reader needs: each filter control the text of its own label, the icon buttons "Close filters" / "Close" / "Next page"…,
 * the dialog's buttons their label. It runs again whenever React renders (a MutationObserver); React leaves
 * attributes it does not manage alone.
 */
export const ADMIN_A11Y_SOURCE = `(function () {
  var DRAWER = 'form[data-css$="-filter-drawer"]';
  var PAGES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };
  function groupLabel(control, drawer) {
    for (var node = control.parentElement; node && node !== drawer; node = node.parentElement) {
      var label = node.querySelector('label');
      if (label && label.textContent.trim()) return label.textContent.trim();
    }
    return '';
  }
  function name() {
    document.querySelectorAll(DRAWER).forEach(function (drawer) {
      drawer.querySelectorAll('input:not([type=hidden]):not([aria-label])').forEach(function (input) {
        var text = groupLabel(input, drawer);
        if (text) input.setAttribute('aria-label', text);
      });
      drawer.querySelectorAll('button:not([aria-label])').forEach(function (button) {
        if (!button.textContent.trim()) button.setAttribute('aria-label', 'Close filters');
      });
    });
    document.querySelectorAll('button.close-button:not([aria-label])').forEach(function (button) {
      if (!button.textContent.trim()) button.setAttribute('aria-label', 'Close');
    });
    document.querySelectorAll('button.adminjs_PaginationLink[data-testid]:not([aria-label])').forEach(function (button) {
      var page = PAGES[button.getAttribute('data-testid')];
      if (page && !button.textContent.trim()) button.setAttribute('aria-label', page);
    });
    document.querySelectorAll('button[label]:not([aria-label])').forEach(function (button) {
      if (!button.textContent.trim()) button.setAttribute('aria-label', button.getAttribute('label'));
    });
  }
  name();
  new MutationObserver(name).observe(document.documentElement, { childList: true, subtree: true });
})();
`;
