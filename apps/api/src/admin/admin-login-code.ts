/** Where the script that adds the 2FA code field to AdminJS's login form is served (outside /admin: AdminJS owns that). */
export const ADMIN_LOGIN_CODE_SCRIPT = '/admin-assets/login-code.js';

/**
 * AdminJS's stock login page posts only email and password; admins must give their 2FA code too
 * (product.md §10). This script, loaded on AdminJS pages through `assets.scripts`, adds a `code` field to
 * the login form once React has rendered it; the form posts it with the rest (`req.fields.code`).
 */
export const ADMIN_LOGIN_CODE_SOURCE = `(function () {
  function add() {
    var form = document.querySelector('form[action$="/login"]');
    if (!form) return false;
    if (form.querySelector('input[name=code]')) return true;
    var password = form.querySelector('input[name=password]');
    if (!password) return false;
    var group = password.parentNode;
    var wrap = document.createElement('div');
    wrap.className = group.className;
    var label = document.createElement('label');
    label.textContent = 'Authenticator code';
    label.setAttribute('for', 'mirrorline-admin-code');
    var input = document.createElement('input');
    input.id = 'mirrorline-admin-code';
    input.name = 'code';
    input.className = password.className;
    input.setAttribute('autocomplete', 'one-time-code');
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('placeholder', '6-digit code or a recovery code');
    wrap.appendChild(label);
    wrap.appendChild(input);
    group.parentNode.insertBefore(wrap, group.nextSibling);
    return true;
  }
  if (add()) return;
  var observer = new MutationObserver(function () { if (add()) observer.disconnect(); });
  observer.observe(document.documentElement, { childList: true, subtree: true });
})();
`;
