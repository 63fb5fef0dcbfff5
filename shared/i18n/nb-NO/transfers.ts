import type source from '../en-GB/transfers';
import type { Translation } from '../locales';

/** Siden Overføringer: opplastinger og nedlastinger i én liste (`transfers`). */
export default {
  title: 'Opplastinger og nedlastinger',
  lead: 'Én liste: det som er i gang først, så det som venter, det som mislyktes og det som er ferdig.',
  sendHeading: 'Last opp filer',
  listHeading: 'Alle overføringer',
  summary: '{running} i gang · {waiting} venter · {failed} mislyktes · {done} ferdige',
  empty:
    'Ingenting er lastet opp eller ned ennå. Velg filer å laste opp ovenfor, eller bruk Åpne eller Lagre … på en fil i en gruppe eller portefølje.',
  clearFinished: 'Fjern ferdige',
  pauseUploads: 'Sett opplastinger på pause',
  resumeUploads: 'Fortsett opplastinger',
  retryFailed: 'Prøv mislykkede på nytt',
  directions: { upload: 'Opplasting', download: 'Nedlasting' },
  columns: {
    direction: 'Retning',
    name: 'Fil',
    place: 'Til eller fra',
    size: 'Størrelse',
    state: 'Status',
    progress: 'Fremdrift',
    actions: 'Handlinger',
  },
  sources: {
    'group-file': 'Gruppefil',
    'portfolio-file': 'Porteføljefil',
    'portfolio-document': 'Porteføljedokument',
  },
  fileMissing: 'Filen er ikke lenger der den ble lagret.',
  interrupted: 'Appen ble lukket før nedlastingen var ferdig. Prøv igjen for å laste den ned på nytt.',
  journalSetAside:
    'Listen over tidligere nedlastinger kunne ikke leses, så den starter tom. Den ble lagt til side som {file} i appens datamappe; filene du har lagret, er uendret.',
} satisfies Translation<typeof source>;
