import type source from '../en-GB/first-run';
import type { Translation } from '../locales';

/** Det første skjermbildet i en installert app som ikke har fått noen tjenesteadresse (`firstRun`). */
export default {
  title: 'Koble til organisasjonen din',
  heading: 'Tjenesten til organisasjonen din',
  lead: 'Skriv inn adressen til videosamarbeidstjenesten til organisasjonen din. IT-avdelingen, eller en kollega som allerede bruker appen, kan fortelle deg hva den er.',
  address: 'Tjenesteadresse',
  addressHelp: 'For eksempel videocollab.example.org: https:// legges til for deg.',
  check: 'Sjekk',
  checking: 'Sjekker {url} …',
  connected: '{url} er tjenesten til organisasjonen din. Appen bruker den fra nå av.',
  continue: 'Fortsett til innlogging',
  problems: {
    INVALID_ARGUMENT:
      'Det er ikke en nettadresse. Skriv den slik organisasjonen din ga den, for eksempel videocollab.example.org.',
    INSECURE_URL:
      'Adressen må begynne med https://, slik at ingen på nettverket kan lese det du sender. Vanlig http er bare tillatt for en tjeneste på denne datamaskinen (localhost).',
    UNREACHABLE:
      'Ingenting svarte på {url}. Sjekk stavemåten, og at datamaskinen er på nett (noen organisasjoner krever sitt eget nettverk eller VPN).',
    TIMEOUT: '{url} brukte for lang tid på å svare. Sjekk tilkoblingen og prøv igjen.',
    TLS: 'Tilkoblingen til {url} kan ikke stoles på: sikkerhetssertifikatet godtas ikke av denne datamaskinen. Spør IT-avdelingen.',
    NOT_A_SERVICE: 'Noe svarte på {url}, men det er ikke videosamarbeidstjenesten. Sjekk adressen med IT-avdelingen.',
  },
} satisfies Translation<typeof source>;
