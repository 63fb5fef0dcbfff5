import type source from '../en-GB/watched-folders';
import type { Translation } from '../locales';

/** Opplastinger → overvåkede mapper (`uploads.watched`). */
export default {
  title: 'Overvåkede mapper',
  intro:
    'Nye opptak som lagres i disse mappene, lastes opp av seg selv, hvert bare én gang, så snart de har sluttet å endre seg. Filer som får nytt navn eller flyttes, sendes ikke på nytt.',
  empty: 'Ingen mapper overvåkes ennå.',
  target: 'Send nye opptak til',
  add: 'Overvåk en mappe …',
  remove: 'Slutt å overvåke {name}',
  types: 'Tar med: {types}',
  managed: 'Fastsatt av organisasjonen din',
  states: {
    starting: 'Starter …',
    watching: 'Overvåkes',
    missing: 'Ikke funnet: overvåkingen venter til mappen er tilbake (en frakoblet disk?)',
    'signed-out': 'Venter på at du logger inn',
  },
  waiting:
    'ingen nye filer | {count} ny fil venter til den slutter å endre seg | {count} nye filer venter til de slutter å endre seg',
  from: 'fra {name}',
  queuedTitle: 'Nye opptak satt i kø',
  queued:
    'ingen nye opptak satt i kø fra {folder} | 1 nytt opptak satt i kø fra {folder} | {count} nye opptak satt i kø fra {folder}',
  card: {
    title: 'Nye videoer på et minnekort',
    body: 'Ingen nye videoer på {card}. | Importere 1 ny video fra {card} til {target}? | Importere {count} nye videoer fra {card} til {target}?',
    remember: 'Gjør det samme hver gang {card} kobles til',
    import: 'Importer',
    notNow: 'Ikke nå',
  },
} satisfies Translation<typeof source>;
