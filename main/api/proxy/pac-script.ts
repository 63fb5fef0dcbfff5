import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** A compiled PAC file's FindProxyForURL: a PAC-style answer ("PROXY host:port; DIRECT") for a URL. */
export type FindProxyForUrl = (url: string) => Promise<string>;

/** The largest PAC file read; real ones are a few kilobytes. */
const maxPacBytes = 1024 * 1024;

/**
 * Fetches a PAC file (an http(s) or file URL, as the ProxyPacUrl policy names it) and compiles it in
 * QuickJS compiled to WebAssembly (pac-resolver): a PAC file is a script from the network, so it runs in
 * an interpreter with no access to Node, never in `vm` (not a security boundary). The PAC file itself is
 * fetched directly, as browsers do: a proxy cannot be asked for the file that says which proxy to use.
 */
export async function loadPacScript(
  pacUrl: string,
  fetchText: (url: string) => Promise<string> = fetchPacText,
): Promise<FindProxyForUrl> {
  const source = await fetchText(pacUrl);
  // Loaded on first use: most machines have no PAC policy and never pay for the interpreter.
  const [{ createPacResolver }, { QuickJS }] = await Promise.all([import('pac-resolver'), import('quickjs-wasi')]);
  const quickJs = await QuickJS.create();
  const find = createPacResolver(quickJs, source, { filename: 'proxy.pac' });
  return async (url) => String(await find(url));
}

async function fetchPacText(pacUrl: string): Promise<string> {
  const url = new URL(pacUrl);
  if (url.protocol === 'file:') {
    const text = await readFile(fileURLToPath(url), 'utf8');
    return limited(text);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported PAC address ${url.protocol}`);
  // Node's fetch goes direct (it ignores proxy settings), which is what a PAC fetch must do.
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'follow' });
  if (!response.ok) throw new Error(`the PAC file answered ${response.status}`);
  return limited(await response.text());
}

function limited(text: string): string {
  if (text.length > maxPacBytes) throw new Error('the PAC file is larger than 1 MB');
  return text;
}
