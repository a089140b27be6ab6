/* global window, document */
/*
 * Stand-in for Xsolla's Pay Station embed script (widget.min.js): the documented XPayStationWidget interface,
 * opening this sandbox's Pay Station in a lightbox. Plain ES5 so any page can load it as a classic script.
 *
 * Options read: access_token (required), sandbox, host (pay host override: "https://host/path" or a bare host
 * name), lightbox {width, height, zIndex, overlayOpacity, overlayBackground, contentBackground, closeByClick,
 * closeByKeyboard, modal}. childWindow and iframeOnly are accepted and ignored: the stand-in always uses the
 * lightbox. Handlers are called as handler(event, data), with event.type and event.detail as well.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  // Where this script was served from is where the stand-in's Pay Station lives: {sandbox}/xsolla.
  var DEFAULT_HOST = script && script.src ? script.src.replace(/\/embed\/paystation\/.*$/, '') : null;
  var PREFIX = 'xpaystation-widget-lightbox';

  var eventTypes = {
    INIT: 'init',
    OPEN: 'open',
    OPEN_WINDOW: 'open-window',
    OPEN_LIGHTBOX: 'open-lightbox',
    LOAD: 'load',
    CLOSE: 'close',
    CLOSE_WINDOW: 'close-window',
    CLOSE_LIGHTBOX: 'close-lightbox',
    STATUS: 'status',
    STATUS_INVOICE: 'status-invoice',
    STATUS_DELIVERING: 'status-delivering',
    STATUS_TROUBLED: 'status-troubled',
    STATUS_DONE: 'status-done',
    USER_COUNTRY: 'user-country'
  };
  var SPLIT_STATUSES = ['invoice', 'delivering', 'troubled', 'done'];

  var config = null;
  var handlers = {};
  var opened = null;

  function assign(target, source) {
    for (var key in source) {
      if (Object.prototype.hasOwnProperty.call(source, key)) target[key] = source[key];
    }
    return target;
  }

  function emit(type, data) {
    var list = (handlers[type] || []).slice();
    var event = { type: type, detail: data };
    for (var i = 0; i < list.length; i++) {
      try {
        list[i].call(widget, event, data);
      } catch (error) {
        // One failing handler must not stop the others; report it asynchronously like a DOM event would.
        window.setTimeout(rethrow(error), 0);
      }
    }
  }

  function rethrow(error) {
    return function () {
      throw error;
    };
  }

  function payHost() {
    var host = config.host;
    if (!host) {
      if (!DEFAULT_HOST) throw new Error('XPayStationWidget: set the host option');
      return DEFAULT_HOST;
    }
    return (/^https?:\/\//.test(host) ? host : 'https://' + host).replace(/\/+$/, '');
  }

  function cssSize(value, fallback) {
    if (value === undefined || value === null || value === '') return fallback;
    return typeof value === 'number' || /^\d+(\.\d+)?$/.test(String(value)) ? value + 'px' : String(value);
  }

  function close() {
    if (!opened) return;
    var current = opened;
    opened = null;
    window.removeEventListener('message', current.onMessage);
    document.removeEventListener('keyup', current.onKeyup);
    if (current.root.parentNode) current.root.parentNode.removeChild(current.root);
    document.body.style.overflow = current.bodyOverflow;
    emit(eventTypes.CLOSE);
    emit(eventTypes.CLOSE_LIGHTBOX);
  }

  function handleMessage(iframe) {
    return function (event) {
      var frameWindow = iframe.contentWindow;
      if (!frameWindow || event.source !== frameWindow || typeof event.data !== 'string') return;
      var message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not a Pay Station message
      }
      if (!message || typeof message.command !== 'string') return;
      if (message.command === 'close' || message.command === 'widget-close') {
        close();
      } else if (message.command === 'status') {
        var data = message.data || {};
        var status = data.paymentInfo && data.paymentInfo.status;
        emit(eventTypes.STATUS, data);
        if (SPLIT_STATUSES.indexOf(status) !== -1) emit('status-' + status, data);
      } else if (message.command === 'user-country') {
        emit(eventTypes.USER_COUNTRY, message.data);
      }
    };
  }

  function open() {
    if (!config) throw new Error('XPayStationWidget: call init() before open()');
    if (!config.access_token) throw new Error('XPayStationWidget: No access token given');
    if (opened) return;
    var options = assign(
      {
        width: null,
        height: '100%',
        zIndex: 1000,
        overlayOpacity: '.6',
        overlayBackground: '#000000',
        contentBackground: '#ffffff',
        closeByClick: true,
        closeByKeyboard: true,
        modal: false
      },
      config.lightbox || {}
    );

    var root = document.createElement('div');
    root.className = PREFIX;
    root.style.cssText = 'position:fixed;top:0;left:0;width:100%;height:100%;display:flex;' +
      'align-items:center;justify-content:center;z-index:' + Number(options.zIndex);

    var overlay = document.createElement('div');
    overlay.className = PREFIX + '-overlay';
    overlay.style.cssText = 'position:absolute;top:0;left:0;width:100%;height:100%;';
    overlay.style.background = options.overlayBackground;
    overlay.style.opacity = options.overlayOpacity;

    var content = document.createElement('div');
    content.className = PREFIX + '-content';
    content.style.cssText = 'position:relative;max-width:100%;max-height:100%;border-radius:8px;overflow:hidden;';
    content.style.width = cssSize(options.width, '600px');
    content.style.height = cssSize(options.height, '100%');
    content.style.background = options.contentBackground;

    var spinner = document.createElement('div');
    spinner.className = PREFIX + '-spinner';
    spinner.style.cssText = 'position:absolute;top:50%;width:100%;text-align:center;color:#666;font:14px sans-serif;';
    spinner.textContent = 'Loading\u2026';

    var iframe = document.createElement('iframe');
    iframe.className = PREFIX + '-content-iframe';
    iframe.style.cssText = 'position:relative;width:100%;height:100%;border:0;';
    iframe.setAttribute('allow', 'payment');
    iframe.title = 'Xsolla Pay Station';
    iframe.src = payHost() + '/paystation4/?token=' + encodeURIComponent(config.access_token);

    var closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.className = PREFIX + '-close';
    closeButton.setAttribute('aria-label', 'Close');
    closeButton.textContent = '\u00d7';
    closeButton.style.cssText = 'position:absolute;top:6px;right:8px;z-index:1;border:0;background:none;' +
      'font:28px/1 sans-serif;cursor:pointer;color:#444;';

    content.appendChild(spinner);
    content.appendChild(iframe);
    content.appendChild(closeButton);
    root.appendChild(overlay);
    root.appendChild(content);

    opened = {
      root: root,
      bodyOverflow: document.body.style.overflow,
      onMessage: handleMessage(iframe),
      onKeyup: function (event) {
        if (options.closeByKeyboard && !options.modal && (event.key === 'Escape' || event.keyCode === 27)) close();
      }
    };
    iframe.addEventListener('load', function () {
      spinner.style.display = 'none';
      emit(eventTypes.LOAD);
    });
    closeButton.addEventListener('click', close);
    overlay.addEventListener('click', function () {
      if (options.closeByClick && !options.modal) close();
    });
    window.addEventListener('message', opened.onMessage);
    document.addEventListener('keyup', opened.onKeyup);

    document.body.style.overflow = 'hidden';
    document.body.appendChild(root);
    emit(eventTypes.OPEN);
    emit(eventTypes.OPEN_LIGHTBOX);
  }

  var widget = {
    eventTypes: eventTypes,
    init: function (options) {
      config = assign({ access_token: null, sandbox: false, host: null, lightbox: {} }, options || {});
      var ready = function () {
        emit(eventTypes.INIT);
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready);
      else ready();
    },
    open: open,
    close: close,
    on: function (events, handler) {
      if (typeof handler !== 'function') return;
      String(events).split(' ').forEach(function (type) {
        if (!type) return;
        (handlers[type] = handlers[type] || []).push(handler);
      });
    },
    off: function (events, handler) {
      if (!events) {
        handlers = {};
        return;
      }
      String(events).split(' ').forEach(function (type) {
        if (!handler) delete handlers[type];
        else handlers[type] = (handlers[type] || []).filter(function (h) { return h !== handler; });
      });
    }
  };

  window.XPayStationWidget = widget;
})();
