import type {
  aboutSettings as settingsSource,
  aboutSupport as supportSource,
  aboutUntrustedFiles as untrustedSource,
} from '../en-GB/about-support';
import type { Translation } from '../locales';

/** Om appen → innstillinger og brukerstøtte (`about.settings`, `about.support`). */
export const aboutSettings = {
  title: 'Innstillinger og hvor de kommer fra',
  caption: 'Hver innstilling organisasjonen din kan styre, verdien og hvem som valgte den.',
  setting: 'Innstilling',
  value: 'Verdi',
  source: 'Kommer fra',
  unset: 'ikke satt',
  locked: 'Låst',
  lockedHint: 'Du kan ikke endre dette i appen.',
  sources: {
    'policy-machine': 'organisasjonen din (maskin)',
    'policy-user': 'organisasjonen din (bruker)',
    recommended: 'anbefalt av organisasjonen din',
    user: 'ditt valg',
    default: 'standard',
    flag: 'kommandolinjen',
    env: 'miljøvariabel',
  },
} satisfies Translation<typeof settingsSource>;

export const aboutSupport = {
  title: 'Brukerstøtte',
  lead: 'Hvis brukerstøtte ber om detaljer, kopier diagnosen: den utelater passord og påloggingsnøkler.',
  copy: 'Kopier diagnose',
  copied: 'Diagnosen er kopiert: lim den inn i meldingen din til brukerstøtte.',
  copyFailed: 'Diagnosen kunne ikke kopieres.',
  openLogs: 'Åpne loggmappen',
  openLogsFailed: 'Loggmappen kunne ikke åpnes.',
} satisfies Translation<typeof supportSource>;

export const aboutUntrustedFiles = {
  title: 'Filer organisasjonen din har angitt som appen ikke stoler på',
  lead: 'Appen ser bort fra disse filene, fordi noen som ikke er administrator kan ha endret dem. Be IT rette opp hvem som eier dem.',
  policyFile: 'Policyfil',
  namedBy: 'Angitt av {policy}',
  owner: '{where} eies ikke av en administrator.',
  writable: '{where} kan endres av brukere som ikke er administratorer.',
} satisfies Translation<typeof untrustedSource>;
