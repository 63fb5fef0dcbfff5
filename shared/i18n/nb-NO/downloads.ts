import type source from '../en-GB/downloads';
import type { Translation } from '../locales';

/** Åpne og Lagre på filer i listene, og nedlastingene på siden Overføringer (`downloads`). */
export default {
  open: 'Åpne',
  openNamed: 'Åpne {name}',
  save: 'Lagre …',
  saveNamed: 'Lagre {name} …',
  started: 'Laster ned {name}.',
  seeTransfers: 'Se Overføringer',
  heading: 'Nedlastinger',
  uploadsHeading: 'Opplastinger',
  empty: 'Ingenting er lastet ned ennå. Bruk Åpne eller Lagre … på en fil i en gruppe eller portefølje.',
  clearHistory: 'Fjern ferdige',
  columns: {
    name: 'Fil',
    size: 'Størrelse',
    state: 'Status',
    progress: 'Fremdrift',
    actions: 'Handlinger',
  },
  states: {
    queued: 'Venter',
    downloading: 'Laster ned',
    done: 'Ferdig',
    failed: 'Mislyktes',
    cancelled: 'Avbrutt',
    interrupted: 'Stanset',
  },
  shownInFolder: {
    'file-type':
      'Appen åpner bare dokumenter, bilder, lyd, video og tekst. Denne filtypen kan kjøre kode: vist i mappen i stedet.',
    'not-marked':
      'Datamaskinen kunne ikke merke filen som lastet ned fra internett, så appen åpnet den ikke: vist i mappen i stedet.',
    'no-app': 'Ingen app på denne datamaskinen åpner denne filtypen: vist i mappen i stedet.',
  },
  fileProgress: '{name}: {percent} % lastet ned',
  received: '{done} av {total}',
  cancel: 'Avbryt nedlastingen av {name}',
  retry: 'Last ned {name} på nytt',
  showInFolder: 'Vis i mappe',
  showInFolderNamed: 'Vis {name} i mappen',
  openAgain: 'Åpne {name}',
  insecureUrl:
    'Tjenesten oppga en ukryptert (http) adresse på en annen server for denne filen, så appen lastet den ikke ned. Spør administratoren for tjenesten.',
  incomplete:
    'Forbindelsen ble brutt før hele filen kom fram. En fil som allerede var lagret der, er uendret. Prøv igjen.',
  fileProblems: {
    'disk-full': 'Disken er full: filen kunne ikke lagres.',
    'not-allowed': 'Appen har ikke lov til å skrive i den mappen. Velg et annet sted.',
    'folder-missing': 'Mappen filen skulle lagres i, finnes ikke lenger.',
    'name-too-long':
      'Filnavnet og mappen er til sammen for lange for denne datamaskinen. Lagre filen med et kortere navn eller i en annen mappe.',
    'in-use':
      'Filen som ligger der, kan være åpen i en annen app, så den kunne ikke erstattes. Lukk den og prøv igjen.',
    other: 'Filen kunne ikke skrives til disken. Sjekk mappen og disken, og prøv igjen.',
  },
  remove: 'Fjern {name} fra listen',
} satisfies Translation<typeof source>;
