/**
 * The network check (`networkDoctor`): the page, the steps, and every sentence a step can say. Main
 * sends `networkDoctor.messages.*` keys with parameters; the page and the copied report say them.
 */
export default {
  title: 'Network check',
  lead: 'Checks, step by step, how this computer reaches the service, and says what to do about anything that is not right.',
  run: 'Run the check',
  running: 'Checking… this can take up to a minute.',
  checking: 'Now: {step}.',
  runAgain: 'Run again',
  copy: 'Copy report',
  copied: 'Report copied: paste it into your message to IT or support. It leaves out passwords and sign-in tokens.',
  copyFailed: 'The report could not be copied.',
  failed: 'The check could not run.',
  notRun: 'Not run yet.',
  service: 'Service: {host}',
  advice: 'What to do',
  details: 'Details',
  aboutLink: 'Network check',
  aboutLead: 'Trouble connecting? The network check finds where it goes wrong.',
  status: {
    ok: 'OK',
    warn: 'Warning',
    fail: 'Problem',
    skipped: 'Skipped',
  },
  steps: {
    dns: 'Name lookup (DNS)',
    tcp: 'Connection (TCP)',
    tls: 'Secure connection (TLS)',
    proxy: 'Proxy',
    token: 'Sign-in endpoint',
    api: 'Signed-in request',
    clock: 'Clock',
    upload: 'Upload speed',
  },
  report: {
    title: 'Network check',
    service: 'Service: {host}',
    when: 'Started {started}, finished {finished}',
    advice: 'What to do',
  },
  messages: {
    dns: {
      ok: '{host} resolves to {addresses}.',
      fail: '{host} could not be looked up ({code}).',
      failAdvice:
        'Check the service address and that this computer is online. If other websites work, ask IT whether the network blocks this name.',
    },
    tcp: {
      ok: 'Connected to {host} on port {port} in {ms} ms.',
      fail: 'Could not connect to {host} on port {port} ({code}).',
      failAdvice:
        'The service may be down, or a firewall blocks the port. Ask IT to allow connections to {host} on port {port}.',
    },
    tls: {
      public: 'The certificate comes from {issuer}, a public authority.',
      inspected: 'Your network inspects encrypted traffic with {issuer}; it is trusted here.',
      inspectedAdvice:
        'Nothing to do now. If uploads or sign-in misbehave, tell IT that their inspection may interfere.',
      untrusted: 'The certificate was issued by {issuer}, not a public authority, and this computer does not trust it.',
      untrustedAdvice:
        'Ask IT to deploy the certificate of {issuer} to this computer, or to name it in the CaCertificateFile policy.',
      invalid: 'The service’s certificate is not valid ({reason}).',
      invalidAdvice:
        'Check that this computer’s date and time are right. If they are, tell IT or the service’s support.',
      handshakeFailed: 'The secure connection could not be set up ({code}).',
      handshakeFailedAdvice: 'Something between this computer and the service interrupts secure connections. Ask IT.',
      plainHttpLocal: 'The service runs on this computer over plain HTTP, so there is no certificate to check.',
      plainHttp: 'The service address uses plain HTTP: nothing you send is encrypted.',
      plainHttpAdvice: 'Use the service’s https:// address.',
      caFileNotOwned:
        'The CaCertificateFile policy names {file}, but the app does not use it: {where} is not owned by an administrator, so someone else could have changed it. Ask IT to make the file and its folders owned by an administrator, and writable by administrators only.',
      caFileWritable:
        'The CaCertificateFile policy names {file}, but the app does not use it: {where} can be changed by users who are not administrators. Ask IT to make it writable by administrators only.',
    },
    proxy: {
      direct: 'The service and the sign-in endpoint are reached directly, without a proxy.',
      via: 'Service: {service}. Sign-in endpoint: {token}.',
      viaAdvice: 'Requests go through a proxy. If steps fail, ask IT whether the proxy allows the service.',
      unknown: 'The proxy settings could not be read ({reason}).',
      unknownAdvice: 'The app tries a direct connection. If that fails, ask IT about the proxy.',
      pacTimedOut: 'The proxy auto-config (PAC) file {address} ran too long without an answer and was stopped.',
      pacFailed: 'The proxy auto-config (PAC) file {address} could not be fetched or run.',
      pacFallbackLast:
        'Until it works again, the app uses its last answer for each address (service: {service}; sign-in endpoint: {token}). Ask IT to check the PAC file.',
      pacFallbackNext:
        'Until it works again, the app uses the next proxy setting, or goes direct (service: {service}; sign-in endpoint: {token}). Ask IT to check the PAC file.',
      pacInsecure:
        'The proxy auto-config (PAC) file {address} comes over plain http, so anyone on the network could change it. Ask IT to serve it over https or deploy it as a file.',
    },
    token: {
      ok: 'The sign-in endpoint answered as a sign-in endpoint should (HTTP {status}).',
      serverError: 'The sign-in endpoint had a problem (HTTP {status}).',
      serverErrorAdvice: 'Try again later. If it persists, tell the service’s support.',
      notOAuth: 'Something answered at the sign-in address (HTTP {status}), but not as a sign-in endpoint.',
      notOAuthAdvice:
        'Check the token address under Advanced on the sign-in page, or ask IT whether a filter replaces the page.',
      unreachable: 'The sign-in endpoint at {host} could not be reached ({code}).',
      unreachableAdvice:
        'Check the token address under Advanced on the sign-in page, and ask IT whether it is blocked.',
      untrusted: 'The sign-in endpoint’s certificate was issued by {issuer}, which this computer does not trust.',
    },
    api: {
      ok: 'A signed-in request worked (HTTP {status}, {ms} ms).',
      signedOut: 'Skipped: sign in to check a signed-in request.',
      fail: 'A signed-in request failed: {reason}',
      failAdvice: 'Sign out and in again. If it still fails, copy this report for support.',
    },
    clock: {
      ok: 'This computer’s clock is within {seconds} s of the service’s.',
      ahead: 'This computer’s clock is {minutes} min ahead of the service’s.',
      behind: 'This computer’s clock is {minutes} min behind the service’s.',
      warnAdvice: 'Set the clock to update automatically: sign-in tokens last only minutes.',
      failAdvice: 'Set the clock to update automatically: this far off, sign-in tokens look expired.',
      noDate: 'Skipped: the service did not say its time.',
    },
    upload: {
      ok: 'Sent a {kilobytes} KB test file at {speed} KB/s; it was removed afterwards.',
      slow: 'Sent a {kilobytes} KB test file at only {speed} KB/s; it was removed afterwards.',
      slowAdvice: 'Large videos will take a long time. Try another network, or ask IT whether uploads are limited.',
      notRemoved: 'Sent a {kilobytes} KB test file at {speed} KB/s, but it could not be removed.',
      notRemovedAdvice: 'Delete the portfolio “Network check (temporary)” under Portfolios.',
      fail: 'The test upload failed: {reason}',
      failAdvice: 'Uploads may fail too. Ask IT whether uploads to the service are blocked or limited.',
      noPlace: 'Skipped: your account may not make the temporary portfolio the test file goes to.',
      signedOut: 'Skipped: sign in to measure the upload speed.',
    },
    skipped: {
      noDns: 'Skipped: the service’s name could not be looked up.',
      noTcp: 'Skipped: no connection to the service could be made.',
      noTls: 'Skipped: no trusted secure connection to the service could be made.',
      noApi: 'Skipped: the signed-in request did not work.',
    },
    generic: {
      timeout: 'No answer within {seconds} s.',
      timeoutAdvice: 'The network may be slow or block this. Try again, and ask IT if it keeps happening.',
      error: 'This step failed: {reason}',
      errorAdvice: 'Copy this report for support.',
    },
  },
};
