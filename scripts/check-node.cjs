/**
 * Refuses a Node.js older than package.json's `engines` with one line saying what to install. It runs
 * first in `npm install` (preinstall), `npm start`, `npm run dev` and `npm test`.
 *
 * Written in the oldest JavaScript on purpose (var, no arrow functions, CommonJS): it must parse on
 * the old Node it turns away, where a newer syntax error would hide the message.
 */
'use strict';
var fs = require('fs');
var path = require('path');

/** [major, minor, patch] of "v22.12.0", "22.12" or ">=22.12.0"; undefined when there is none. */
function parseVersion(text) {
  var match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(String(text));
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

function older(a, b) {
  for (var i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return false;
}

/**
 * The one line to print when `current` (process.versions.node) is below `engines` (">=X.Y.Z", the
 * only form package.json uses), or undefined when it is new enough. `recommended` is .nvmrc's major.
 */
function nodeVersionProblem(current, engines, recommended) {
  var minimum = parseVersion(engines);
  var have = parseVersion(current);
  if (!minimum || !have || !older(have, minimum)) return undefined;
  var oldest = minimum[0] + '.' + minimum[1];
  var install = recommended
    ? 'Node ' + String(recommended).trim() + ' (.nvmrc; with nvm: nvm install)'
    : 'Node ' + oldest;
  return (
    'Node ' + current + ' is too old for this project (it needs ' + oldest + ' or newer): install ' + install + '.'
  );
}

function readProject(root) {
  var pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  var nvmrcPath = path.join(root, '.nvmrc');
  var nvmrc = fs.existsSync(nvmrcPath) ? fs.readFileSync(nvmrcPath, 'utf8').trim() : undefined;
  return { engines: (pkg.engines || {}).node, nvmrc: nvmrc };
}

module.exports = { nodeVersionProblem: nodeVersionProblem, readProject: readProject };

if (require.main === module) {
  var project = readProject(path.join(__dirname, '..'));
  var problem = nodeVersionProblem(process.versions.node, project.engines, project.nvmrc);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
