import type source from '../en-GB/network-doctor';
import type { Translation } from '../locales';

/** Nettverkssjekk (`networkDoctor`). */
export default {
  title: 'Nettverkssjekk',
  lead: 'Sjekker trinn for trinn hvordan denne datamaskinen når tjenesten, og sier hva du kan gjøre med det som ikke er i orden.',
  run: 'Kjør sjekken',
  running: 'Sjekker … dette kan ta opptil ett minutt.',
  checking: 'Nå: {step}.',
  runAgain: 'Kjør på nytt',
  copy: 'Kopier rapport',
  copied:
    'Rapporten er kopiert: lim den inn i meldingen din til IT eller brukerstøtte. Den utelater passord og påloggingsnøkler.',
  copyFailed: 'Rapporten kunne ikke kopieres.',
  failed: 'Sjekken kunne ikke kjøres.',
  notRun: 'Ikke kjørt ennå.',
  service: 'Tjeneste: {host}',
  advice: 'Hva du kan gjøre',
  details: 'Detaljer',
  aboutLink: 'Nettverkssjekk',
  aboutLead: 'Problemer med tilkoblingen? Nettverkssjekken finner hvor det går galt.',
  status: {
    ok: 'I orden',
    warn: 'Advarsel',
    fail: 'Feil',
    skipped: 'Hoppet over',
  },
  steps: {
    dns: 'Navneoppslag (DNS)',
    tcp: 'Tilkobling (TCP)',
    tls: 'Sikker tilkobling (TLS)',
    proxy: 'Mellomtjener (proxy)',
    token: 'Påloggingsendepunkt',
    api: 'Forespørsel som pålogget',
    clock: 'Klokke',
    upload: 'Opplastingshastighet',
  },
  report: {
    title: 'Nettverkssjekk',
    service: 'Tjeneste: {host}',
    when: 'Startet {started}, ferdig {finished}',
    advice: 'Hva du kan gjøre',
  },
  messages: {
    dns: {
      ok: '{host} peker til {addresses}.',
      fail: '{host} kunne ikke slås opp ({code}).',
      failAdvice:
        'Sjekk tjenesteadressen og at datamaskinen er på nett. Hvis andre nettsteder virker, spør IT om nettverket blokkerer dette navnet.',
    },
    tcp: {
      ok: 'Koblet til {host} på port {port} på {ms} ms.',
      fail: 'Kunne ikke koble til {host} på port {port} ({code}).',
      failAdvice:
        'Tjenesten kan være nede, eller en brannmur blokkerer porten. Be IT om å tillate tilkoblinger til {host} på port {port}.',
    },
    tls: {
      public: 'Sertifikatet kommer fra {issuer}, en offentlig utsteder.',
      inspected: 'Nettverket ditt inspiserer kryptert trafikk med {issuer}; den er klarert her.',
      inspectedAdvice:
        'Ingenting å gjøre nå. Hvis opplasting eller pålogging oppfører seg rart, si til IT at inspeksjonen kan forstyrre.',
      untrusted:
        'Sertifikatet er utstedt av {issuer}, ikke en offentlig utsteder, og denne datamaskinen stoler ikke på det.',
      untrustedAdvice:
        'Be IT om å rulle ut sertifikatet til {issuer} på denne datamaskinen, eller angi det i policyen CaCertificateFile.',
      invalid: 'Tjenestens sertifikat er ikke gyldig ({reason}).',
      invalidAdvice:
        'Sjekk at dato og klokkeslett på datamaskinen stemmer. Hvis de gjør det, si fra til IT eller tjenestens brukerstøtte.',
      handshakeFailed: 'Den sikre tilkoblingen kunne ikke settes opp ({code}).',
      handshakeFailedAdvice: 'Noe mellom denne datamaskinen og tjenesten avbryter sikre tilkoblinger. Spør IT.',
      plainHttpLocal:
        'Tjenesten kjører på denne datamaskinen over vanlig HTTP, så det er ikke noe sertifikat å sjekke.',
      plainHttp: 'Tjenesteadressen bruker vanlig HTTP: ingenting du sender, er kryptert.',
      plainHttpAdvice: 'Bruk tjenestens https://-adresse.',
      caFileNotOwned:
        'Policyen CaCertificateFile angir {file}, men appen bruker den ikke: {where} eies ikke av en administrator, så noen andre kan ha endret den. Be IT sørge for at filen og mappene den ligger i eies av en administrator og bare kan endres av administratorer.',
      caFileWritable:
        'Policyen CaCertificateFile angir {file}, men appen bruker den ikke: {where} kan endres av brukere som ikke er administratorer. Be IT sørge for at bare administratorer kan endre den.',
    },
    proxy: {
      direct: 'Tjenesten og påloggingsendepunktet nås direkte, uten mellomtjener.',
      via: 'Tjeneste: {service}. Påloggingsendepunkt: {token}.',
      viaAdvice:
        'Forespørsler går gjennom en mellomtjener. Hvis trinn feiler, spør IT om mellomtjeneren slipper tjenesten gjennom.',
      unknown: 'Innstillingene for mellomtjener kunne ikke leses ({reason}).',
      unknownAdvice: 'Appen prøver en direkte tilkobling. Hvis det feiler, spør IT om mellomtjeneren.',
      pacTimedOut:
        'Filen for automatisk mellomtjeneroppsett (PAC) {address} brukte for lang tid uten svar og ble stoppet.',
      pacFailed: 'Filen for automatisk mellomtjeneroppsett (PAC) {address} kunne ikke hentes eller kjøres.',
      pacFallbackLast:
        'Til den virker igjen, bruker appen det siste svaret den ga for hver adresse (tjeneste: {service}; påloggingsendepunkt: {token}). Be IT se på PAC-filen.',
      pacFallbackNext:
        'Til den virker igjen, bruker appen neste innstilling for mellomtjener, eller går direkte (tjeneste: {service}; påloggingsendepunkt: {token}). Be IT se på PAC-filen.',
      pacInsecure:
        'Filen for automatisk mellomtjeneroppsett (PAC) {address} hentes over ukryptert http, så hvem som helst på nettverket kan endre den. Be IT levere den over https eller legge den ut som fil.',
    },
    token: {
      ok: 'Påloggingsendepunktet svarte slik et påloggingsendepunkt skal (HTTP {status}).',
      serverError: 'Påloggingsendepunktet hadde et problem (HTTP {status}).',
      serverErrorAdvice: 'Prøv igjen senere. Hvis det vedvarer, si fra til tjenestens brukerstøtte.',
      notOAuth: 'Noe svarte på påloggingsadressen (HTTP {status}), men ikke som et påloggingsendepunkt.',
      notOAuthAdvice:
        'Sjekk tokenadressen under Avansert på påloggingssiden, eller spør IT om et filter erstatter siden.',
      unreachable: 'Påloggingsendepunktet på {host} kunne ikke nås ({code}).',
      unreachableAdvice: 'Sjekk tokenadressen under Avansert på påloggingssiden, og spør IT om den er blokkert.',
      untrusted:
        'Sertifikatet til påloggingsendepunktet er utstedt av {issuer}, som denne datamaskinen ikke stoler på.',
    },
    api: {
      ok: 'En forespørsel som pålogget virket (HTTP {status}, {ms} ms).',
      signedOut: 'Hoppet over: logg inn for å sjekke en forespørsel som pålogget.',
      fail: 'En forespørsel som pålogget feilet: {reason}',
      failAdvice: 'Logg ut og inn igjen. Hvis det fortsatt feiler, kopier denne rapporten til brukerstøtte.',
    },
    clock: {
      ok: 'Klokken på denne datamaskinen er innenfor {seconds} s av tjenestens.',
      ahead: 'Klokken på denne datamaskinen går {minutes} min foran tjenestens.',
      behind: 'Klokken på denne datamaskinen går {minutes} min etter tjenestens.',
      warnAdvice: 'Still klokken til å oppdateres automatisk: påloggingsnøkler varer bare noen minutter.',
      failAdvice: 'Still klokken til å oppdateres automatisk: så langt unna ser påloggingsnøkler utløpt ut.',
      noDate: 'Hoppet over: tjenesten oppga ikke klokkeslettet sitt.',
    },
    upload: {
      ok: 'Sendte en testfil på {kilobytes} KB med {speed} KB/s; den ble fjernet etterpå.',
      slow: 'Sendte en testfil på {kilobytes} KB med bare {speed} KB/s; den ble fjernet etterpå.',
      slowAdvice: 'Store videoer vil ta lang tid. Prøv et annet nettverk, eller spør IT om opplasting er begrenset.',
      notRemoved: 'Sendte en testfil på {kilobytes} KB med {speed} KB/s, men den kunne ikke fjernes.',
      notRemovedAdvice: 'Slett porteføljen «Network check (temporary)» under Porteføljer.',
      fail: 'Testopplastingen feilet: {reason}',
      failAdvice: 'Opplastinger kan også feile. Spør IT om opplasting til tjenesten er blokkert eller begrenset.',
      noPlace: 'Hoppet over: kontoen din kan ikke lage den midlertidige porteføljen testfilen lastes opp til.',
      signedOut: 'Hoppet over: logg inn for å måle opplastingshastigheten.',
    },
    skipped: {
      noDns: 'Hoppet over: tjenestens navn kunne ikke slås opp.',
      noTcp: 'Hoppet over: ingen tilkobling til tjenesten kunne opprettes.',
      noTls: 'Hoppet over: ingen klarert sikker tilkobling til tjenesten kunne opprettes.',
      noApi: 'Hoppet over: forespørselen som pålogget virket ikke.',
    },
    generic: {
      timeout: 'Ikke noe svar innen {seconds} s.',
      timeoutAdvice: 'Nettverket kan være tregt eller blokkere dette. Prøv igjen, og spør IT hvis det skjer igjen.',
      error: 'Dette trinnet feilet: {reason}',
      errorAdvice: 'Kopier denne rapporten til brukerstøtte.',
    },
  },
} satisfies Translation<typeof source>;
