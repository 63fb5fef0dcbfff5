/**
 * The Electron binary, fetched on purpose. Electron 45 downloads it on the first `require('electron')`,
 * in the middle of whatever asked, with a stack trace when that fails. `npm start` and
 * `npm run test:electron` fetch it here first instead: with a progress line, through the proxy npm
 * is configured with, and with a plain message naming the likely cause when the network refuses.
 * Nothing here requires 'electron'.
 */
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const OFFICIAL_BASE = 'https://github.com/electron/electron/releases/download/';
const DOCS = 'docs/developing.md#behind-a-proxy-or-firewall';

/** Where Electron keeps its executable inside `dist/`, per platform (as node_modules/electron/install.js). */
export function platformPath(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/** The installed electron package: its folder, version and the checksums it ships. */
export function electronPackage(root = process.cwd()) {
  const dir = join(root, 'node_modules', 'electron');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { dir, version: pkg.version };
}

/**
 * The executable's path when this version is unpacked (as install.js decides), else undefined.
 * `ELECTRON_OVERRIDE_DIST_PATH` is Electron's own switch for a binary kept elsewhere.
 */
export function installedBinary({ dir, version }, env = process.env, platform = process.platform) {
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH || join(dir, 'dist');
  const executable = join(dist, platformPath(platform));
  try {
    if (!env.ELECTRON_OVERRIDE_DIST_PATH) {
      if (readFileSync(join(dist, 'version'), 'utf8').trim().replace(/^v/, '') !== version) return undefined;
      if (readFileSync(join(dir, 'path.txt'), 'utf8') !== platformPath(platform)) return undefined;
    }
  } catch {
    return undefined;
  }
  return existsSync(executable) ? executable : undefined;
}

/** Where the download comes from, as @electron/get decides (mirror variables included), for messages. */
export function downloadSource(env = process.env) {
  const mirror = env.ELECTRON_MIRROR || env.npm_config_electron_mirror || env.NPM_CONFIG_ELECTRON_MIRROR;
  return mirror || OFFICIAL_BASE;
}

const hostOf = (url) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * Where @electron/get keeps downloads by default (env-paths' cache folder for "electron"). The zip sits
 * in a sub-folder named after the hash of its address, so the whole folder is what can be copied.
 */
export function defaultCacheFolder(platform) {
  if (platform === 'darwin') return '~/Library/Caches/electron';
  if (platform === 'win32') return '%LOCALAPPDATA%\\electron\\Cache';
  return '~/.cache/electron';
}

/** The proxy in use for an https download: the environment first, then npm's own settings. */
export function proxyFor(env = process.env) {
  return (
    env.HTTPS_PROXY ||
    env.https_proxy ||
    env.npm_config_https_proxy ||
    env.HTTP_PROXY ||
    env.http_proxy ||
    env.npm_config_proxy ||
    undefined
  );
}

/** Without credentials, for printing. */
const redactProxy = (url) => {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(the configured proxy)';
  }
};

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
]);
const TLS_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The first error code in an error's cause chain (fetch wraps the socket's error in `cause`, sometimes twice). */
function errorCode(error) {
  for (let current = error, depth = 0; current && depth < 5; current = current.cause, depth += 1) {
    if (typeof current.code === 'string') return current.code;
    if (Array.isArray(current.errors)) {
      const inner = current.errors.find((e) => typeof e?.code === 'string');
      if (inner) return inner.code;
    }
  }
  return undefined;
}

/**
 * What went wrong, in the terms the message needs: the network refused or never answered, TLS was
 * intercepted, the proxy wants a password, the server answered with an HTTP status, or the file that
 * arrived was not Electron's.
 */
export function classifyDownloadError(error) {
  const code = errorCode(error);
  const status = error?.response?.status;
  const text = String(error?.message ?? error);
  if (typeof status === 'number') return { kind: status === 407 ? 'proxy-auth' : 'http', status, code };
  if (code && TLS_CODES.has(code)) return { kind: 'tls', code };
  if (/certificate/i.test(text) && !code) return { kind: 'tls', code: 'certificate' };
  if (/checksum|did not match/i.test(text)) return { kind: 'checksum' };
  if (code && NETWORK_CODES.has(code)) return { kind: 'network', code };
  if (/fetch failed|network|socket/i.test(text)) return { kind: 'network', code: code ?? 'no answer' };
  return { kind: 'other', code };
}

const NETWORK_WORDS = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut',
  ENOTFOUND: 'the name could not be looked up',
  EAI_AGAIN: 'the name could not be looked up',
  ETIMEDOUT: 'there was no answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'there was no answer in time',
  UND_ERR_HEADERS_TIMEOUT: 'there was no answer in time',
  ENETUNREACH: 'there is no route to it from here',
  EHOSTUNREACH: 'there is no route to it from here',
};

/**
 * The message printed when the download fails: what failed in one line, the likely cause, and what
 * to set. ELECTRON_SKIP_BINARY_DOWNLOAD is never named here: this is only reached when it is unset.
 */
export function downloadFailureMessage(error, { version, platform, arch, env = process.env }) {
  const source = downloadSource(env);
  const host = hostOf(source);
  const proxy = proxyFor(env);
  const file = `electron-v${version}-${platform}-${arch}.zip`;
  const problem = classifyDownloadError(error);
  const lines = [];
  const cacheLine = `  - or copy Electron's download cache (${defaultCacheFolder(platform)}) from a machine where this worked, and name the copy with electron_config_cache=<folder>`;
  const mirrorLine = `  - a mirror your network allows: ELECTRON_MIRROR=<https://mirror.example/electron/> (it must hold v${version}/${file})`;
  const proxyLine = proxy
    ? `  - the proxy in use is ${redactProxy(proxy)} (from HTTPS_PROXY or npm's https-proxy): check the address, or set NO_PROXY for hosts it should not handle`
    : "  - behind a proxy: HTTPS_PROXY=http://proxy.example:8080 (npm's own proxy settings, npm config set https-proxy …, are used too)";
  switch (problem.kind) {
    case 'network': {
      const words = NETWORK_WORDS[problem.code] ?? `the connection failed (${problem.code})`;
      const target = proxy ? `the proxy ${redactProxy(proxy)}` : host;
      lines.push(
        `Could not download Electron ${version} from ${host}: ${words} (${problem.code}, reaching ${target}).`,
      );
      lines.push('A proxy or firewall between this computer and the internet usually does this. What to set:');
      lines.push(proxyLine, mirrorLine, cacheLine);
      break;
    }
    case 'proxy-auth':
      lines.push(
        `Could not download Electron ${version}: the proxy ${redactProxy(proxy ?? '')} wants a user name and password (HTTP 407).`,
      );
      lines.push(
        'What to set: HTTPS_PROXY=http://USER:PASSWORD@proxy.example:8080 (or the same in npm config set https-proxy).',
      );
      lines.push(mirrorLine, cacheLine);
      break;
    case 'http':
      lines.push(`Could not download Electron ${version}: ${host} answered HTTP ${problem.status} for ${file}.`);
      if (problem.status === 404) {
        lines.push(`The mirror has no v${version}/${file}. What to set:`);
        lines.push(
          '  - ELECTRON_MIRROR to a mirror that holds it (with a trailing slash), or unset it for the official one',
        );
      } else {
        lines.push(`A proxy or firewall that filters downloads usually does this (${problem.status}). What to set:`);
        lines.push(proxyLine, mirrorLine);
      }
      lines.push(cacheLine);
      break;
    case 'tls': {
      const cafile = env.npm_config_cafile;
      lines.push(
        `Could not download Electron ${version} from ${host}: its certificate is not trusted here (${problem.code}).`,
      );
      lines.push('A firewall that inspects TLS (it presents its own certificate) usually does this. What to set:');
      lines.push(
        cafile
          ? `  - NODE_EXTRA_CA_CERTS=${cafile} (npm's cafile covers npm only, not this download)`
          : "  - NODE_EXTRA_CA_CERTS=<your organisation's root certificate, a PEM file>",
        "  - or, on Node 22.15 or newer, NODE_OPTIONS=--use-system-ca to trust the operating system's certificates",
        mirrorLine,
      );
      break;
    }
    case 'checksum':
      lines.push(`The file downloaded from ${host} is not Electron ${version}'s ${file} (its checksum differs).`);
      lines.push('A proxy that replaces downloads with a page of its own usually does this. What to set:');
      lines.push(proxyLine, mirrorLine, cacheLine);
      break;
    default:
      lines.push(
        `Could not download Electron ${version} from ${host}: ${String(error?.message ?? error).split('\n')[0]}`,
      );
      lines.push('What to set if a proxy or firewall is in the way:');
      lines.push(proxyLine, mirrorLine, cacheLine);
  }
  lines.push(`Then run the command again. More: ${DOCS}`);
  return lines.join('\n');
}

/** The message when the binary is missing and ELECTRON_SKIP_BINARY_DOWNLOAD says not to fetch it. */
export function skippedDownloadMessage(version) {
  return [
    `The Electron ${version} binary is not installed, and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not fetched.`,
    'Unset ELECTRON_SKIP_BINARY_DOWNLOAD and run the command again to download it (about 100 MB, once).',
  ].join('\n');
}

const MB = 1024 * 1024;

/**
 * A progress reporter: one line rewritten in place on a terminal, a line per tenth elsewhere (CI logs).
 */
export function progressReporter(stream, label) {
  let lastTenth = -1;
  return {
    update({ transferred, total, percent }) {
      const size = total
        ? `${Math.round(transferred / MB)} of ${Math.round(total / MB)} MB`
        : `${Math.round(transferred / MB)} MB`;
      const text = `${label}: ${Math.floor(percent * 100)}% (${size})`;
      if (stream.isTTY) {
        stream.write(`\r${text}`);
        return;
      }
      const tenth = Math.floor(percent * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${text}\n`);
      }
    },
    done() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}

/** The proxy variables @electron/get's proxy support reads, filled from npm's settings where unset. */
export function proxyEnvironment(env = process.env) {
  const out = {};
  const https = env.HTTPS_PROXY || env.https_proxy || env.npm_config_https_proxy;
  const http = env.HTTP_PROXY || env.http_proxy || env.npm_config_proxy;
  const none = env.NO_PROXY || env.no_proxy || env.npm_config_noproxy;
  if (https) out.HTTPS_PROXY = https;
  if (http) out.HTTP_PROXY = http;
  if (none) out.NO_PROXY = none;
  return out;
}

/**
 * The real download: @electron/get as the electron package itself uses it (resolved from its folder,
 * so the same version and cache), through a proxy when one is set, quiet (the progress is ours).
 */
export function electronGetDownloader(electronDir) {
  return async (details, env = process.env) => {
    const require = createRequire(join(electronDir, 'package.json'));
    const get = await import(pathToFileURL(require.resolve('@electron/get')).href);
    const proxy = proxyEnvironment(env);
    if (proxy.HTTPS_PROXY || proxy.HTTP_PROXY) {
      Object.assign(process.env, proxy);
      // Node's fetch ignores proxy variables; @electron/get's helper routes it through undici's EnvHttpProxyAgent.
      get.initializeProxy();
    }
    return get.downloadArtifact(details);
  };
}

/** Unpacks the downloaded zip with electron's own install.js (it finds the file in the cache and writes path.txt). */
export function electronInstaller(electronDir) {
  return (env = process.env) => {
    const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error((result.stderr || result.stdout || 'install.js failed').trim());
  };
}

/**
 * Makes sure the binary is there: fetched with a progress line when it is not, or an exit with a
 * plain message. Returns the executable's path, or undefined after printing why there is none.
 * `download`, `install`, `env` and `out` are injected so the decisions are tested without a network.
 */
export async function ensureElectronBinary({
  pkg = electronPackage(),
  env = process.env,
  // The same choice as electron's install.js, so the file it looks for in the cache is the one fetched here.
  platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
  arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
  download = electronGetDownloader(pkg.dir),
  install = electronInstaller(pkg.dir),
  out = process.stderr,
} = {}) {
  const present = installedBinary(pkg, env, platform);
  if (present) return present;
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    out.write(`${skippedDownloadMessage(pkg.version)}\n`);
    return undefined;
  }
  const label = `Downloading Electron ${pkg.version} for ${platform}-${arch} from ${hostOf(downloadSource(env))} (about 100 MB, once)`;
  out.write(`${label}\n`);
  const progress = progressReporter(out, `Electron ${pkg.version}`);
  try {
    const checksums = JSON.parse(readFileSync(join(pkg.dir, 'checksums.json'), 'utf8'));
    await download(
      {
        version: pkg.version,
        artifactName: 'electron',
        platform,
        arch,
        cacheRoot: env.electron_config_cache,
        checksums,
        downloadOptions: { quiet: true, getProgressCallback: async (p) => progress.update(p) },
      },
      env,
    );
    progress.done();
    install(env);
  } catch (error) {
    progress.done();
    out.write(`${downloadFailureMessage(error, { version: pkg.version, platform, arch, env })}\n`);
    return undefined;
  }
  const installed = installedBinary(pkg, env, platform);
  if (!installed)
    out.write(
      `Electron ${pkg.version} was downloaded but its executable is missing; delete node_modules/electron/dist and try again.\n`,
    );
  return installed;
}
