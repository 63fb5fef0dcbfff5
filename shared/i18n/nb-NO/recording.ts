import type source from '../en-GB/recording';
import type { Translation } from '../locales';

/** Ta opp (`recording`): ta opp en time i appen, merk den underveis, og veien til en merket video. */
export default {
  title: 'Ta opp en time',
  lead: 'Ta opp med denne datamaskinens kamera (eller skjermen, for en time på tavla) og mikrofon, og sett merker mens timen pågår. Når du stopper, går opptaket til Mine filer og blir en merket video med merkene dine.',
  devices: {
    heading: 'Kamera og mikrofon',
    headingScreen: 'Skjerm og mikrofon',
    preview: 'Forhåndsvisning fra kameraet',
    previewScreen: 'Forhåndsvisning av skjermen',
    source: { label: 'Ta opp fra', camera: 'Kamera', screen: 'Skjerm eller vindu' },
    screenNamed: 'Tar opp: {name}',
    screenUnnamed: 'Tar opp skjermen eller vinduet du valgte',
    chooseScreen: 'Velg en annen skjerm eller et annet vindu …',
    camera: 'Kamera',
    microphone: 'Mikrofon',
    none: 'Ingen funnet',
    level: 'Mikrofonnivå',
    tryAgain: 'Prøv igjen',
    unnamed: { camera: 'Kamera {n}', microphone: 'Mikrofon {n}' },
    problem: {
      refused:
        'Appen fikk ikke bruke kameraet eller mikrofonen. Tillat det i datamaskinens personverninnstillinger, og prøv igjen.',
      missing: 'Fant ikke noe kamera eller noen mikrofon. Koble til en, eller velg en annen, og prøv igjen.',
      busy: 'Kameraet eller mikrofonen brukes av et annet program. Lukk det, eller velg en annen enhet.',
      other: 'Kameraet eller mikrofonen kunne ikke startes. Velg en annen enhet, eller prøv igjen.',
      screenRefused:
        'Skjermen kunne ikke tas opp: valget ble avbrutt, eller datamaskinen tillater ikke at appen tar opp skjermen. På Mac tillater du det under Systeminnstillinger, Personvern og sikkerhet, Skjermopptak, og prøver igjen.',
      noScreen: 'Ingen skjerm eller vindu ble valgt. Velg ett å ta opp, eller ta opp fra kameraet.',
      screenEnded: 'Vinduet som ble tatt opp, ble lukket. Velg en annen skjerm eller et annet vindu.',
    },
  },
  screenPicker: {
    title: 'Velg hva som skal tas opp',
    help: 'Ta opp en hel skjerm, eller ett vindu, for eksempel lysbildene dine. Bruk piltastene for å flytte mellom dem og Enter for å ta opp det som er valgt.',
    screens: 'Skjermer',
    windows: 'Vinduer',
    unnamed: 'Et vindu uten navn',
    empty: 'Fant ingen skjermer eller vinduer. Åpne vinduet du vil ta opp, og oppdater.',
    refresh: 'Oppdater',
    cancel: 'Avbryt',
    record: 'Ta opp dette',
  },
  before: {
    heading: 'Før du tar opp',
    titleLabel: 'Tittel',
    titleMissing: 'Gi opptaket en tittel.',
    tagSet: 'Merkesett å merke med',
    noTagSet: 'Ikke noe merkesett',
    start: 'Start opptaket',
  },
  fields: {
    required: '(må fylles ut)',
    choose: 'Velg …',
    missing: '{name} må besvares.',
  },
  live: {
    heading: 'Tar opp',
    help: 'Trykk 1 til 9 eller en knapp for å sette et merke ved tiden nå. Et notat skrevet nedenfor følger neste merke.',
    noTagSet: 'Ikke noe merkesett er valgt, så det er ingen merker å sette.',
    note: 'Notat til neste merke',
    placed: 'Merker satt',
    undo: 'Angre siste merke',
    stop: 'Stopp opptaket',
  },
  after: {
    heading: 'Etter opptaket',
    help: 'Svar på disse og send: opptaket lastes opp til Mine filer og blir en merket video med merkene dine, av seg selv.',
    send: 'Send inn',
  },
  waiting: {
    heading: 'Opptak på denne datamaskinen',
    interrupted: 'Opptaket fra {time} stoppet ved {length}: vil du beholde det?',
    keep: 'Behold det',
    answer: 'Svar på spørsmålene',
    retry: 'Prøv igjen',
    discard: 'Forkast',
    open: 'Åpne {title} for merking',
  },
  steps: {
    recording: 'Tar opp …',
    interrupted: 'Stoppet ved {length}.',
    stopped:
      'Tatt opp {length} uten merker; venter på spørsmålene etter opptaket. | Tatt opp {length} med ett merke; venter på spørsmålene etter opptaket. | Tatt opp {length} med {tags} merker; venter på spørsmålene etter opptaket.',
    queued:
      'Laster opp til Mine filer ({length}, uten merker) … | Laster opp til Mine filer ({length}, ett merke) … | Laster opp til Mine filer ({length}, {tags} merker) …',
    uploaded: 'Lastet opp; lager den merkede videoen …',
    tagging: 'Lager den merkede videoen …',
    done: 'Klar: en merket video uten merker. | Klar: en merket video med ett merke. | Klar: en merket video med {tags} merker.',
    discarded: 'Forkastet.',
  },
  problems: {
    noVideoId:
      'Tjenesten tok imot filen, men sa ikke hvilken video den laget av den. Opptaket er tatt vare på på denne datamaskinen: prøv igjen om litt.',
    uploadFailed: 'Opplastingen ble ikke ferdig. Opptaket er tatt vare på på denne datamaskinen.',
    taggingFailed: 'Den merkede videoen kunne ikke lages ennå. Merkene dine er tatt vare på på denne datamaskinen.',
    diskFull: 'Disken er nesten full, så opptaket stoppet. Det som ble tatt opp, er tatt vare på.',
    notSignedIn: 'Logg inn som den som tok opp, for å sende det.',
  },
  errors: {
    noRecorder: 'Denne datamaskinen kan ikke ta opp video i et format appen kjenner.',
    recorderStopped: 'Opptaket stoppet av seg selv. Det som ble tatt opp, er tatt vare på.',
  },
  ready: {
    title: 'Merket video klar',
    body: '{title} er en merket video med merkene dine. Åpne den for å finpusse dem.',
  },
} satisfies Translation<typeof source>;
