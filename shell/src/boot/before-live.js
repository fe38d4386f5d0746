// What a visitor does before the page is live (issue 40). Inlined at the top of the shell's page
// (shared-ui/build-config: `SHELL_HEAD_SCRIPT`, as `<script id="before-live">`; the API allows it
// by its hash in the Content-Security-Policy), so it listens from the first byte of the page,
// before any other script has loaded. A server-drawn page shows its fields and buttons long before
// React takes them over; until then the browser alone acts on them:
// - what is typed, ticked or chosen stays in the field, but React, taking the field over, starts
//   from its own state and the next render wipes it: each field's last value is remembered;
// - a button does nothing: each press is remembered (and a press on an element marked
//   `data-replay-click`, such as a job card), and so is Escape (a job's dialog closes on it);
// - a form with an `action` (the board's search: GET /?q=...) is sent by the browser as it is;
//   one without (the submission form) would be sent to the page's own address with its fields in
//   the URL: it is held, and sent once live.
// When the page is live (the shell's `jobboard:live` event) every remembered field is given its
// value through the events React listens to, then each press and held form is done again, in
// the order they happened. Presses made once React listens (`jobboard:hydrating`: it hydrates an
// element on the spot when a click needs it) are React's own. Plain script, no module: it runs
// before anything else, and `api/contract/src/site.ts` PAGE_LIVE_EVENTS names its events.
(function () {
  var ACTIONS = 'button:not([type=submit]), [role=button], [data-replay-click]';
  var FIELDS = 'input, textarea, select';
  var fields = new Map();
  var actions = [];
  var reactListens = false;
  var live = false;

  function remember(event) {
    if (live) return;
    var field = event.target;
    if (!(field instanceof Element) || !field.matches(FIELDS)) return;
    var checkable = field.type === 'checkbox' || field.type === 'radio';
    fields.set(field, checkable ? field.checked : field.value);
  }

  document.addEventListener('input', remember, true);
  document.addEventListener('change', remember, true);

  document.addEventListener(
    'click',
    function (event) {
      if (live || reactListens || !(event.target instanceof Element)) return;
      if (event.target.closest('a[href], label, ' + FIELDS)) return;
      var action = event.target.closest(ACTIONS);
      if (action && !action.disabled) actions.push({ element: action });
    },
    true,
  );

  // Escape (closing a job's dialog) is a key the page listens for, not the browser: its listener
  // comes with the page's effects, once live, so it is kept until then even while React hydrates.
  document.addEventListener(
    'keydown',
    function (event) {
      if (live || event.key !== 'Escape') return;
      actions.push({ escape: event.target instanceof Element ? event.target : document.body });
    },
    true,
  );

  document.addEventListener(
    'submit',
    function (event) {
      if (live || reactListens) return;
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
      event.preventDefault();
      actions.push({ form: form, submitter: event.submitter || null });
    },
    true,
  );

  document.addEventListener('jobboard:hydrating', function () {
    reactListens = true;
  });

  document.addEventListener('jobboard:live', function () {
    if (live) return;
    live = true;
    fields.forEach(function (value, field) {
      if (field.isConnected) give(field, value);
    });
    fields.clear();
    actions.forEach(function (action) {
      if (action.escape) {
        var target = action.escape.isConnected ? action.escape : document.body;
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
        );
      } else if (action.element) {
        if (action.element.isConnected && !action.element.disabled) action.element.click();
      } else if (action.form.isConnected) {
        var submitter = action.submitter;
        if (submitter && submitter.isConnected) action.form.requestSubmit(submitter);
        else action.form.requestSubmit();
      }
    });
    actions = [];
  });

  // The spam check's first solution (issue 45; docs/product.md#spam-check). A server-drawn page
  // with a protected form that starts its check as it is shown (the submission form, the
  // employer's sign-in: the kit's HumanProofFields marks it `data-human-proof="shown"`) would
  // otherwise start only once the page is live, seconds later on a slow phone: the challenge is
  // fetched and solved here as soon as the page is parsed, and the form's HumanProof takes this
  // solution (`window.__jobboardHumanProof`, a promise of `{ payload, at }`) instead of working
  // one out. ALTCHA's PBKDF2 solver as its own library does it (altcha/lib solveChallenge with
  // pbkdf2.deriveKey: the nonce's bytes and the counter as a big-endian uint32, the key's hex
  // starting with keyPrefix), in batches, so each derivation does not wait for a busy main thread.
  // Any failure leaves the form to work one out itself, as before.
  var PROOF = {
    global: '__jobboardHumanProof',
    marker: '[data-human-proof="shown"]',
    challenge: '/api/human-proof/challenge',
    start: 'jobboard:human-proof:start',
    ready: 'jobboard:human-proof:ready',
    batch: 16,
    tries: 1000000,
  };

  function solveEarly() {
    if (window[PROOF.global] || !document.querySelector(PROOF.marker)) return;
    if (!window.fetch || !window.crypto || !crypto.subtle) return;
    performance.mark(PROOF.start);
    var early = fetch(PROOF.challenge, { credentials: 'same-origin' })
      .then(function (response) {
        if (!response.ok) throw new Error('challenge ' + response.status);
        return response.json();
      })
      .then(function (challenge) {
        return solveChallenge(challenge).then(function (solution) {
          performance.mark(PROOF.ready);
          return {
            payload: btoa(JSON.stringify({ challenge: challenge, solution: solution })),
            at: Date.now(),
          };
        });
      });
    // A failure is the form's to handle when it takes this promise, not an unhandled rejection.
    early.catch(function () {});
    window[PROOF.global] = early;
  }

  function solveChallenge(challenge) {
    var parameters = challenge.parameters;
    var digest = /^PBKDF2\/(SHA-(256|384|512))$/.exec(parameters.algorithm);
    if (!digest) return Promise.reject(new Error('not PBKDF2: ' + parameters.algorithm));
    var nonce = hexBytes(parameters.nonce);
    var salt = hexBytes(parameters.salt);
    var started = performance.now();
    function derive(counter) {
      var password = new Uint8Array(nonce.length + 4);
      password.set(nonce);
      new DataView(password.buffer).setUint32(nonce.length, counter, false);
      return crypto.subtle
        .importKey('raw', password, 'PBKDF2', false, ['deriveBits'])
        .then(function (key) {
          return crypto.subtle.deriveBits(
            { name: 'PBKDF2', salt: salt, iterations: parameters.cost, hash: digest[1] },
            key,
            (parameters.keyLength || 32) * 8,
          );
        })
        .then(function (bits) {
          return Array.from(new Uint8Array(bits), function (byte) {
            return (byte < 16 ? '0' : '') + byte.toString(16);
          }).join('');
        });
    }
    function batchFrom(first) {
      if (first >= PROOF.tries) return Promise.reject(new Error('no solution'));
      var keys = [];
      for (var counter = first; counter < first + PROOF.batch; counter++)
        keys.push(derive(counter));
      return Promise.all(keys).then(function (derived) {
        for (var i = 0; i < derived.length; i++) {
          if (derived[i].indexOf(parameters.keyPrefix) === 0) {
            var time = Math.round(performance.now() - started);
            return { counter: first + i, derivedKey: derived[i], time: time };
          }
        }
        return batchFrom(first + PROOF.batch);
      });
    }
    return batchFrom(0);
  }

  function hexBytes(hex) {
    var bytes = new Uint8Array(hex.length >> 1);
    for (var i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return bytes;
  }

  // As soon as the page is parsed (before its scripts run), or now if it already is.
  if (document.readyState === 'loading') {
    document.addEventListener('readystatechange', solveEarly);
  } else {
    solveEarly();
  }

  // The field's value, told to React as a change: React compares what the field holds with what
  // it last saw (its value tracker, kept by the element's own `value` / `checked` setter), so the
  // value it last saw is made another first, then the field gets its value past the tracker (the
  // prototype's setter), and the event React listens to for that kind of field follows.
  function give(field, value) {
    if (field.type === 'checkbox' || field.type === 'radio') {
      // A radio is chosen by choosing another; its own click can only choose it.
      if (field.type === 'radio' && !value) return;
      field.checked = !value;
      // A click toggles it to `value` and is what React listens to for these.
      field.click();
      return;
    }
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    var setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
    // Where the visitor is typing, the caret stays where it was.
    var typing = document.activeElement === field && 'selectionStart' in field;
    var caret = typing ? [field.selectionStart, field.selectionEnd] : null;
    field.value = value === '' ? ' ' : '';
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (caret) field.setSelectionRange(caret[0], caret[1]);
  }
})();
