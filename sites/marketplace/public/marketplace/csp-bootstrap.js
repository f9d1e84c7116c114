// Runs before any module (a classic script in <head>), for the page's strict Content-Security-Policy.
// The dashboard has the same file (dashboard/public/csp-bootstrap.js).
(() => {
  // The policy allows an inline <style> only with this response's nonce, which the server puts in this <meta>.
  // Two libraries insert one at run time and tag it with a global: goober (react-hot-toast's styles) reads
  // window.__nonce__, react-remove-scroll (Radix dialogs and menus) reads __webpack_nonce__ through get-nonce.
  // Browsers hide a nonce attribute's value from getAttribute, so it is read from the `nonce` property.
  const meta = document.querySelector('meta[property="csp-nonce"]');
  if (meta?.nonce) {
    window.__nonce__ = meta.nonce;
    window.__webpack_nonce__ = meta.nonce;
  }
  // zod probes `new Function` once to speed up parsing; under the policy that probe is refused and reported
  // as a violation. jitless skips it (zod reads this object when it loads).
  window.__zod_globalConfig = { ...window.__zod_globalConfig, jitless: true };
})();
