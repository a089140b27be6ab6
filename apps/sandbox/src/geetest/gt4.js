/* global window, document, fetch, URLSearchParams */
/*
 * Stand-in for GeeTest v4's gt4.js: the documented initGeetest4(config, callback) global and captchaObj interface
 * (appendTo, showCaptcha, getValidate, reset, destroy, onReady, onNextReady, onSuccess, onFail, onError, onClose), with
 * a challenge of its own that a person solves: pick the tile showing the prompt's symbol. It talks to the stand-in's
 * /load and /verify next to the URL it was loaded from; the shop's server then validates the result at /validate.
 *
 * Config read: captchaId (required), product ('float' default, 'popup', 'bind'), mask {outside, bgColor}. Other
 * options are accepted and ignored. Error objects passed to onError are {code, msg, desc: {detail}}.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  // Where this script was served from is where the stand-in's API lives: {sandbox}/geetest.
  var API = script && script.src ? script.src.replace(/\/v4\/gt4\.js(\?.*)?$/, '') : null;
  var PREFIX = 'geetest_';

  function post(path, fields) {
    // A form post: a "simple" cross-origin request, no preflight.
    return fetch(API + path, { method: 'POST', body: new URLSearchParams(fields) }).then(function (response) {
      return response.json();
    });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = PREFIX + className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function initGeetest4(config, callback) {
    if (!config || typeof config.captchaId !== 'string' || !config.captchaId) throw new Error('initGeetest4: captchaId is required');
    if (!API) throw new Error('initGeetest4: load gt4.js with a <script src>');
    var product = config.product === 'popup' || config.product === 'bind' ? config.product : 'float';
    var mask = config.mask || {};
    var handlers = { ready: [], nextReady: [], success: [], fail: [], error: [], close: [] };
    var state = { challenge: null, validate: null, box: null, button: null, destroyed: false, readyOnce: false };

    function emit(type, arg) {
      handlers[type].slice().forEach(function (handler) {
        try {
          handler(arg);
        } catch (error) {
          // One failing handler must not stop the others; report it like an uncaught error.
          window.setTimeout(function () {
            throw error;
          }, 0);
        }
      });
    }

    function reportError(code, msg) {
      emit('error', { code: code, msg: msg, desc: { detail: msg } });
    }

    /** Fetches a new lot; onReady after the first, onNextReady after later ones. */
    function load() {
      state.challenge = null;
      fetch(API + '/load?captcha_id=' + encodeURIComponent(config.captchaId))
        .then(function (response) {
          return response.json();
        })
        .then(
          function (answer) {
            if (state.destroyed) return;
            if (!answer || answer.status !== 'success') {
              reportError('60001', (answer && answer.msg) || 'captcha_id is incorrect');
              return;
            }
            state.challenge = answer.data;
            if (state.box) render();
            if (!state.readyOnce) {
              state.readyOnce = true;
              emit('ready');
            } else emit('nextReady');
          },
          function () {
            if (!state.destroyed) reportError('60100', '/load request error');
          }
        );
    }

    function closeBox() {
      if (!state.box) return;
      if (state.box.parentNode) state.box.parentNode.removeChild(state.box);
      state.box = null;
    }

    function render() {
      var box = state.box;
      var challenge = state.challenge;
      var panel = box.querySelector('.' + PREFIX + 'panel');
      panel.innerHTML = '';
      if (!challenge) {
        panel.appendChild(element('p', 'prompt', 'Loading\u2026'));
        return;
      }
      var prompt = element('p', 'prompt', 'Select the ');
      prompt.appendChild(element('b', 'target', challenge.prompt));
      panel.appendChild(prompt);
      var grid = element('div', 'tiles');
      grid.style.cssText = 'display:grid;grid-template-columns:repeat(3,64px);gap:8px;justify-content:center;margin:12px 0;';
      challenge.tiles.forEach(function (glyph, index) {
        var tile = element('button', 'tile', glyph);
        tile.type = 'button';
        tile.style.cssText = 'height:64px;font:32px/1 sans-serif;border:1px solid #c3c9d5;border-radius:8px;background:#f7f8fa;cursor:pointer;';
        tile.addEventListener('click', function () {
          pick(challenge, index);
        });
        grid.appendChild(tile);
      });
      panel.appendChild(grid);
    }

    function pick(challenge, index) {
      if (state.challenge !== challenge) return;
      state.challenge = null;
      post('/verify', { captcha_id: config.captchaId, lot_number: challenge.lot_number, answer: String(index) }).then(
        function (answer) {
          if (state.destroyed) return;
          var data = answer && answer.data;
          if (answer && answer.status === 'success' && data && data.result === 'success') {
            state.validate = data.seccode;
            closeBox();
            if (state.button) state.button.textContent = 'Verified';
            emit('success');
            return;
          }
          emit('fail', { lot_number: challenge.lot_number, result: 'fail' });
          // As GeeTest does after a miss: a new challenge in the same window.
          var message = state.box && state.box.querySelector('.' + PREFIX + 'result');
          if (message) message.textContent = 'Not quite. Try this one.';
          load();
          if (state.box) render();
        },
        function () {
          if (!state.destroyed) reportError('60101', '/verify request error');
        }
      );
    }

    function showBox() {
      if (state.box || state.destroyed) return;
      var box = element('div', 'box_wrap');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', 'GeeTest sandbox');
      box.style.cssText = 'position:fixed;top:0;left:0;width:100%;height:100%;z-index:2147483000;display:flex;' +
        'align-items:center;justify-content:center;background:' + (mask.bgColor || '#0000004d') + ';';
      var card = element('div', 'box');
      card.style.cssText = 'background:#fff;border-radius:12px;padding:16px 20px;min-width:260px;font:15px/1.4 system-ui,sans-serif;' +
        'box-shadow:0 4px 20px rgba(0,0,0,.25);text-align:center;color:#1d2433;';
      var head = element('div', 'head', 'GeeTest sandbox');
      head.style.cssText = 'font-weight:600;margin-bottom:8px;';
      var panel = element('div', 'panel');
      var result = element('p', 'result', '');
      result.style.cssText = 'min-height:1.4em;margin:0;color:#b42318;';
      var bar = element('div', 'bar');
      var refresh = element('button', 'refresh', '\u21bb');
      refresh.type = 'button';
      refresh.setAttribute('aria-label', 'Refresh');
      var close = element('button', 'close', '\u00d7');
      close.type = 'button';
      close.setAttribute('aria-label', 'Close');
      [refresh, close].forEach(function (button) {
        button.style.cssText = 'border:0;background:none;font:22px/1 sans-serif;cursor:pointer;margin:0 6px;color:#5b6478;';
        bar.appendChild(button);
      });
      card.appendChild(head);
      card.appendChild(panel);
      card.appendChild(result);
      card.appendChild(bar);
      box.appendChild(card);
      refresh.addEventListener('click', function () {
        load();
        render();
      });
      function dismiss() {
        closeBox();
        emit('close');
      }
      close.addEventListener('click', dismiss);
      box.addEventListener('click', function (event) {
        if (event.target === box && mask.outside !== false) dismiss();
      });
      state.box = box;
      document.body.appendChild(box);
      render();
    }

    var captchaObj = {
      appendTo: function (target) {
        // bind shows no button of its own: the page calls showCaptcha().
        if (product === 'bind') return captchaObj;
        var parent = typeof target === 'string' ? document.querySelector(target) : target;
        if (!parent) throw new Error('appendTo: no such element');
        var button = element('button', 'btn', 'Click to verify');
        button.type = 'button';
        button.addEventListener('click', showBox);
        parent.appendChild(button);
        state.button = button;
        return captchaObj;
      },
      showCaptcha: function () {
        showBox();
        return captchaObj;
      },
      getValidate: function () {
        if (!state.validate) return false;
        var copy = {};
        for (var key in state.validate) copy[key] = state.validate[key];
        return copy;
      },
      reset: function () {
        state.validate = null;
        closeBox();
        if (state.button) state.button.textContent = 'Click to verify';
        load();
        return captchaObj;
      },
      destroy: function () {
        state.destroyed = true;
        closeBox();
        if (state.button && state.button.parentNode) state.button.parentNode.removeChild(state.button);
        for (var type in handlers) handlers[type] = [];
      },
      onReady: on('ready'),
      onNextReady: on('nextReady'),
      onSuccess: on('success'),
      onFail: on('fail'),
      onError: on('error'),
      onClose: on('close')
    };

    function on(type) {
      return function (handler) {
        if (typeof handler === 'function') handlers[type].push(handler);
        return captchaObj;
      };
    }

    load();
    if (typeof callback === 'function') callback(captchaObj);
  }

  window.initGeetest4 = initGeetest4;
})();
