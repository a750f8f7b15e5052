/**
 * The console's one script (served at `{base}/assets/console.js`, a few hundred bytes): the phone
 * width's Menu button, copy buttons, and the send form's live segment and price counter (which asks
 * the console's quote page, over the same segmenter and quote as the API). Pages work without it.
 */
export const CONSOLE_JS = `
document.documentElement.classList.add('scripted');
document.addEventListener('click', function (event) {
  var button = event.target.closest('.menu-button');
  if (!button) return;
  var menu = document.getElementById(button.getAttribute('aria-controls'));
  var open = menu.classList.toggle('open');
  button.setAttribute('aria-expanded', String(open));
});
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(function () {
    button.textContent = 'Copied';
  });
});
(function () {
  var form = document.querySelector('form[data-quote]');
  if (!form) return;
  var out = document.getElementById('quote');
  var timer;
  function update() {
    var body = new URLSearchParams(new FormData(form));
    fetch(form.getAttribute('data-quote'), { method: 'POST', body: body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, credentials: 'same-origin' })
      .then(function (response) { return response.ok ? response.text() : ''; })
      .then(function (text) { if (text) out.textContent = text; });
  }
  form.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(update, 250); });
})();
`;
