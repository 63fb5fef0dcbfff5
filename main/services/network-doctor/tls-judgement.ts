import { untrustedIssuerCodes, type CertificateName, type PresentedCertificate } from '../../api/errors';
import { message, outcome, type CheckOutcome, type RefusedCaFile } from './types';

/** What the handshake showed, gathered by tls-check.ts. */
export interface HandshakeFacts {
  /** Whether the chain verified against the authorities this app trusts (main/api/trust.ts). */
  authorized: boolean;
  /** OpenSSL's reason when it did not (UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_HAS_EXPIRED…). */
  authorizationError?: string;
  /** Leaf first, up to the root where the trust store supplied it. */
  chain: readonly PresentedCertificate[];
  /** Whether the chain leads to one of Node's bundled public roots (`tls.rootCertificates`). */
  publicRoot: boolean;
  protocol?: string;
}

export function nameOf(name: CertificateName): string {
  const { commonName, organisation } = name;
  if (commonName && organisation && organisation !== commonName) return `${commonName} (${organisation})`;
  return commonName ?? organisation ?? 'an unnamed authority';
}

/** The authority the chain leads to: the issuer of its top certificate (the root, or who signed the last one sent). */
export function authorityOf(chain: readonly PresentedCertificate[]): string {
  const top = chain[chain.length - 1];
  return top ? nameOf(top.issuer) : 'an unnamed authority';
}

/**
 * Green: a public authority. Amber: a private root this computer trusts — what a school's TLS-inspecting
 * firewall looks like once IT deployed its root, worth knowing when something else misbehaves. Red: a
 * chain nothing here trusts (named, with what IT can do), or a certificate that is wrong in itself.
 */
export function judgeHandshake(facts: HandshakeFacts): CheckOutcome {
  const issuer = authorityOf(facts.chain);
  const leaf = facts.chain[0];
  const details = {
    issuer,
    ...(leaf
      ? {
          subject: leaf.subject.commonName ?? nameOf(leaf.subject),
          validTo: leaf.validTo,
          fingerprint256: leaf.fingerprint256,
        }
      : {}),
    chain: facts.chain.map((cert) => `${nameOf(cert.subject)} ← ${nameOf(cert.issuer)}`),
    publicAuthority: facts.publicRoot,
    ...(facts.protocol ? { protocol: facts.protocol } : {}),
    ...(facts.authorizationError ? { verifyError: facts.authorizationError } : {}),
  };
  if (facts.authorized) {
    return facts.publicRoot
      ? outcome('ok', message('tls.public', { issuer }), details)
      : outcome('warn', message('tls.inspected', { issuer }), details, message('tls.inspectedAdvice'));
  }
  if (facts.authorizationError && untrustedIssuerCodes.has(facts.authorizationError)) {
    return outcome('fail', message('tls.untrusted', { issuer }), details, message('tls.untrustedAdvice', { issuer }));
  }
  return outcome(
    'fail',
    message('tls.invalid', { reason: facts.authorizationError ?? 'unknown' }),
    details,
    message('tls.invalidAdvice'),
  );
}

/**
 * The TLS step when the CaCertificateFile policy named a file the app refused (others could have
 * written it): said as the advice wherever it may be the cause (a chain nothing here trusts) or is
 * news (a chain that worked anyway, which becomes a warning); a certificate wrong in itself, or a
 * plain-HTTP service, keeps its own advice. The refused files are in the details either way.
 */
export function noteRefusedCaFiles(result: CheckOutcome, refused: readonly RefusedCaFile[]): CheckOutcome {
  const [first] = refused;
  if (!first || result.status === 'skipped') return result;
  const details = { ...result.details, refusedCaFiles: refused.map((file) => file.path) };
  const mayBeWhy = result.status !== 'fail' || result.summary.key === message('tls.untrusted').key;
  if (!mayBeWhy) return { ...result, details };
  const key = first.reason === 'owner' ? 'tls.caFileNotOwned' : 'tls.caFileWritable';
  return {
    ...result,
    status: result.status === 'ok' ? 'warn' : result.status,
    details,
    advice: message(key, { file: first.path, where: first.where }),
  };
}
