/**
 * Loaded into Electronegativity (NODE_OPTIONS=--require) by scripts/security-check.mjs. At every run
 * the tool fetches translations for $LANG from the network with got 11 (1 s timeout, retries). The
 * gate needs none beyond the bundled en-US, and offline that fetch fails: on Node 24 got's retry timer
 * then throws an uncaught "onCancel handler was attached after the promise settled"
 * (sindresorhus/got#1489), so the tool exits 1 and the gate fails; on Node 20 it only cost seconds.
 * Here that one request is refused at once, and the tool goes on with its bundled texts.
 */
'use strict';
const Module = require('module');
const path = require('path');

const load = Module._load;
const fromI18n = (parent) =>
  Boolean(
    parent &&
    parent.filename &&
    /electronegativity/.test(parent.filename) &&
    path.basename(parent.filename) === 'i18n.js',
  );

Module._load = function loadWithoutTranslationFetch(request, parent, isMain) {
  if (request === 'got' && fromI18n(parent)) {
    return () => Promise.reject(new Error('the security gate does not fetch translations'));
  }
  return load.call(this, request, parent, isMain);
};
