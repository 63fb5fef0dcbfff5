import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/**
 * Node's bundled roots (Mozilla's list): the public authorities. A chain that ends anywhere else but
 * still verifies was made trusted by IT — the sign of TLS inspection. Parsed once, on first use.
 */
let roots: X509Certificate[] | undefined;
let fingerprints: Set<string> | undefined;

function bundled(): { roots: X509Certificate[]; fingerprints: Set<string> } {
  roots ??= rootCertificates.map((pem) => new X509Certificate(pem));
  fingerprints ??= new Set(roots.map((root) => root.fingerprint256));
  return { roots, fingerprints };
}

/** True when a certificate of the chain is a bundled root, or its top was signed by one. */
export function leadsToPublicRoot(chain: readonly Buffer[]): boolean {
  if (chain.length === 0) return false;
  const parsed = chain.map((raw) => new X509Certificate(raw));
  const { roots: all, fingerprints: known } = bundled();
  if (parsed.some((cert) => known.has(cert.fingerprint256))) return true;
  const top = parsed[parsed.length - 1]!;
  return all.some((root) => top.checkIssued(root) && top.verify(root.publicKey));
}
