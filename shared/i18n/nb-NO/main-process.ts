import type source from '../en-GB/main-process';
import type { Translation } from '../locales';

/** Det hovedprosessen sier utenfor siden (`main`): systemstatusfeltet, systemvarsler og merket på oppgavelinjen. */
export default {
  tray: {
    record: 'Ta opp en time …',
    recording: 'Tar opp {time}',
    stopRecording: 'Stopp opptaket',
    open: 'Åpne {appName}',
    quit: 'Avslutt',
    signedOut: 'Logget ut',
    signOut: 'Logg ut',
    unreadCount: 'Ingen uleste varsler | {count} ulest varsel | {count} uleste varsler',
    offline: 'Frakoblet: varslene kommer igjen når du er tilkoblet',
    allNotifications: 'Alle varsler …',
    markAllSeen: 'Merk alle som sett',
    doNotDisturb: 'Ikke forstyrr',
    unread: 'Ulest: {title}',
    untitled: 'Varsel',
    uploading: 'Laster opp {count} fil | Laster opp {count} filer',
    uploadingPercent: 'Laster opp {count} fil ({percent} %) | Laster opp {count} filer ({percent} %)',
    uploadsFailed: '{count} opplasting mislyktes | {count} opplastinger mislyktes',
    uploadsPaused: '{count} opplasting er satt på pause | {count} opplastinger er satt på pause',
    tooltip: {
      signedOut: 'logget ut',
      offline: 'frakoblet',
      doNotDisturb: 'ikke forstyrr',
    },
  },
  toasts: {
    untitled: 'Nytt varsel',
    summaryTitle: '{count} nytt varsel | {count} nye varsler',
    summaryBody: '{count} nytt varsel: {titles} | {count} nye varsler: {titles}',
    summaryBodyFrom: '{count} nytt varsel fra {names}: {titles} | {count} nye varsler fra {names}: {titles}',
    twoNames: '{first} og {second}',
    moreNames: '{first}, {second} og {count} til',
  },
  closeToTray: {
    title: '{appName} kjører fortsatt',
    bodyTray:
      'Appen ser fortsatt etter varsler fra systemstatusfeltet. Velg Avslutt i menyen der for å avslutte. Vil du heller at appen avsluttes når du lukker vinduet, kan du endre det i innstillingene for varsler.',
    bodyMenuBar:
      'Appen ser fortsatt etter varsler fra menylinjen. Velg Avslutt i menyen der for å avslutte. Vil du heller at appen avsluttes når du lukker vinduet, kan du endre det i innstillingene for varsler.',
  },
  uploads: {
    finishedTitle: 'Opplastingene er ferdige',
    onService: '{count} fil er lastet opp til tjenesten. | {count} filer er lastet opp til tjenesten.',
    damagedTitle: 'Opplastingsoversikten var skadet',
    damagedBody:
      'Noen opplysninger om opplastingene kunne ikke leses ({count} linje); resten ble gjenopprettet. | Noen opplysninger om opplastingene kunne ikke leses ({count} linjer); resten ble gjenopprettet.',
    copyKept: 'En kopi er lagret i {path}.',
    noCopy: 'Det var ikke mulig å ta vare på en kopi av dem.',
    checking:
      '{count} fil som kanskje allerede er kommet fram, blir sjekket i tjenesten før den sendes på nytt. | {count} filer som kanskje allerede er kommet fram, blir sjekket i tjenesten før de sendes på nytt.',
    waitingTitle: 'Opplastingene venter på at du logger inn',
    waitingBody: 'Logg inn igjen, så fortsetter de der de stoppet. Ingenting går tapt.',
    attentionTitle: 'Opplastingene trenger oppmerksomheten din',
    attentionBody: 'Noen opplastinger er satt på pause. Åpne appen for å fortsette.',
    failedTitle: '{count} opplasting mislyktes | {count} opplastinger mislyktes',
    others: 'Og {count} fil til. | Og {count} filer til.',
  },
  dialogs: {
    chooseFiles: 'Velg filer som skal lastes opp',
    chooseFolder: 'Velg en mappe som skal lastes opp',
    choosePicture: 'Velg et bilde',
    images: 'Bilder',
    saveFile: 'Lagre fil',
    /** The open dialog behind Choose a file… on Invite from a file, and its file-type filter. */
    chooseSpreadsheet: 'Velg en liste over personer som skal inviteres',
    spreadsheets: 'Regneark (CSV, Excel)',
  },
  sandboxWarning: {
    title: 'Kjører uten beskyttelse',
    message: 'Video Collab Desktop kjører uten sandkassen til Chromium på denne datamaskinen.',
  },
  debuggingRefused: {
    title: 'Video Collab Desktop startet ikke',
    message:
      'Programmet ble startet med feilsøkingsbrytere ({switches}) som ville la et annet program lese det appen viser og har, også påloggingen din. Start det fra den vanlige snarveien eller menyoppføringen. Hvis du ikke la til disse bryterne selv, si fra til IT-avdelingen.',
  },
  menu: {
    file: '&Fil',
    view: '&Vis',
    viewMac: 'Vis',
    about: '&Om {appName}',
    aboutMac: 'Om {appName}',
  },
} satisfies Translation<typeof source>;
