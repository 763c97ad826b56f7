/* global window */
// Browser mode: opens the web host's socket while the app's scripts still load, so its handshake
// overlaps them instead of waiting for the app to start (`lib/web-bridge.ts` adopts it). A classic
// script of the page's own origin (the CSP allows no inline script); in the desktop app the preload
// gives `window.api` and this does nothing.
(function () {
  if (window.api || typeof WebSocket === 'undefined') return;
  var token = new URLSearchParams(window.location.hash.slice(1)).get('token') || window.sessionStorage.getItem('field-desk.token');
  if (!token) return;
  var url = new URL('/ipc', window.location.href);
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  var socket = new WebSocket(url);
  var early = { socket: socket, token: token, messages: [] };
  early.keep = function (message) {
    early.messages.push(message);
  };
  socket.addEventListener('message', early.keep);
  window.__fieldDeskEarlySocket = early;
})();
