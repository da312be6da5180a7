/* global document, location, sm2 */
/**
 * The documentation sign-in page (served as /swagger-login.js; the page allows no inline script).
 * It signs in as the app does: the password leaves the browser SM2-encrypted with the server's
 * public key (sm-crypto, loaded before this file as /swagger-login-sm2.js), and when the default
 * tenant asks for the image captcha, its id and answer go along. Each attempt spends the picture,
 * so a failed one fetches a new picture.
 */
(() => {
  'use strict';
  const TENANT_ID = '1300000000001';
  const form = document.getElementById('f');
  const account = document.getElementById('u');
  const password = document.getElementById('p');
  const captchaBox = document.getElementById('captcha');
  const code = document.getElementById('c');
  const picture = document.getElementById('captcha-img');
  const refresh = document.getElementById('captcha-refresh');
  const submit = form.querySelector('button[type=submit]');
  const error = document.getElementById('error');

  /** The sign-in settings: { publicKey, captcha }; set once they have loaded. */
  let settings;
  let captchaId = '';

  const show = (message) => {
    error.textContent = message;
  };

  /** The `result` of an API answer, or an error carrying the server's (localized) message. */
  async function call(url, init) {
    const response = await fetch(url, { credentials: 'same-origin', ...init }).catch(() => {
      throw new Error(form.dataset.unavailable);
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok || body.result === undefined) {
      throw new Error(body.message || form.dataset.failed);
    }
    return body.result;
  }

  async function newPicture() {
    const captcha = await call('/api/sysAuth/captcha');
    captchaId = captcha.id;
    picture.src = captcha.img;
    code.value = '';
  }

  async function loadSettings() {
    const info = await call(`/api/sysTenant/sysInfo/${TENANT_ID}`);
    settings = { publicKey: info.publicKey, captcha: info.captcha === true };
    if (settings.captcha) {
      captchaBox.hidden = false;
      code.required = true;
      await newPicture();
    }
  }

  /** Where to go once signed in: the documentation address the visitor came from, nothing else. */
  function target() {
    const redirect = new URLSearchParams(location.search).get('redirect') || '';
    return /^\/swagger(?:[/?#]|$)/.test(redirect) ? redirect : '/swagger';
  }

  refresh.addEventListener('click', () => {
    newPicture().catch((e) => show(e.message));
    code.focus();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!settings) return;
    submit.disabled = true;
    show('');
    try {
      const fields = new URLSearchParams({
        UserName: account.value.trim(),
        Password: sm2.doEncrypt(password.value, settings.publicKey, 1),
      });
      if (settings.captcha) {
        fields.set('codeId', captchaId);
        fields.set('code', code.value.trim());
      }
      const result = await call('/api/swagger/submitUrl', { method: 'POST', body: fields });
      if (result === 200) {
        location.assign(target());
        return;
      }
      show(form.dataset.failed);
    } catch (e) {
      show(e.message || form.dataset.failed);
    } finally {
      submit.disabled = false;
    }
    if (settings.captcha) await newPicture().catch(() => undefined);
  });

  loadSettings().then(
    () => {
      submit.disabled = false;
    },
    () => show(form.dataset.unavailable),
  );
})();
