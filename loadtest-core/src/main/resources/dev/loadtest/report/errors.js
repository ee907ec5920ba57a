/*
 * First of all on each page (Assets inlines it in the head): records script errors, failed loads, unhandled
 * rejections and console errors into window.__reportErrors, for the page to show and headless-browser tests to
 * read from #report-status.
 */
window.__reportErrors = [];
window.addEventListener('error', function (e) {
  var what = e.message || (e.target && e.target.tagName ? 'failed to load ' + e.target.tagName : String(e));
  window.__reportErrors.push(what);
}, true);
window.addEventListener('unhandledrejection', function (e) {
  window.__reportErrors.push('unhandled rejection: ' + e.reason);
});
(function (c) {
  var error = c.error;
  c.error = function () {
    window.__reportErrors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
    return error.apply(c, arguments);
  };
})(console);
