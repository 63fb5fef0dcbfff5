/** Invitere mange personer fra en CSV- eller Excel-fil, for organisasjonsadministratorer (`adminImport`, sak #17). */
export default {
  title: 'Inviter fra en fil',
  lead: 'Inviter mange personer til {organisation} på én gang fra en CSV- eller Excel-fil (.xlsx).',
  openFromPeople: 'Inviter fra en fil …',
  backToPeople: 'Tilbake til Personer',
  notAllowed:
    'Bare organisasjonsadministratorer kan invitere personer. Spør en av dem hvis noen trenger en invitasjon.',
  organisation: 'Organisasjon',
  steps: {
    label: 'Trinn',
    choose: 'Velg en fil',
    map: 'Koble kolonnene',
    preview: 'Kontroller radene',
    send: 'Sender',
    results: 'Resultater',
  },
  choose: {
    hint: 'Én person per rad, med en overskriftsrad: en kolonne med e-postadresser, og gjerne en kolonne som sier hvem som er administrator (ja, yes, 1 eller x) og en med gruppenavn (skilt med ; eller ,).',
    button: 'Velg en fil …',
  },
  /** Hvorfor en valgt fil ikke kunne leses (hovedprosessens `details.problem`). */
  fileProblem: {
    'too-large': 'Filen er større enn 10 MB. En liste over personer er mye mindre: lagre bare dem som skal inviteres.',
    'unpacks-too-large':
      'Dette regnearket er for stort eller skadet til å leses. Kopier dem som skal inviteres til en ny arbeidsbok, eller lagre dem som CSV.',
    'not-workbook':
      'Filen er ikke en lesbar Excel-arbeidsbok (.xlsx). Lagre den på nytt fra Excel, eller lagre den som CSV.',
    'old-excel': 'Gamle Excel-filer (.xls) kan ikke leses. Lagre den som .xlsx eller CSV.',
    unreadable:
      'Filen kunne ikke leses. Sjekk at den fortsatt finnes og ikke er åpen i et annet program, og prøv igjen.',
    empty: 'Filen er tom: den har ingen overskriftsrad.',
  },
  map: {
    file: '{file}: {count} rad | {file}: {count} rader',
    truncated:
      '{file}: mer enn {limit} rader. Bare de første {limit} kan sendes fra denne filen; send resten fra en annen.',
    email: 'E-postadresse',
    admin: 'Organisasjonsadministrator (valgfritt)',
    groups: 'Grupper, etter navn (valgfritt)',
    none: 'Ikke i filen',
    column: 'Kolonne {number}: {name}',
    sample: 'De første radene i filen',
    chooseEmail: 'Velg kolonnen med e-postadressene.',
    preview: 'Kontroller radene',
    otherFile: 'Velg en annen fil',
  },
  preview: {
    counts: 'Ingen rader er klare til å sendes | Én rad er klar til å sendes | {count} rader er klare til å sendes',
    problems:
      'Ingen rader har problemer. | Én rad har et problem og blir ikke sendt. | {count} rader har problemer og blir ikke sendt.',
    onlyProblems: 'Bare rader med problemer',
    table: 'Radene i filen',
    scrollRegion: 'Radene i filen, kan rulles sidelengs',
    line: 'Linje',
    email: 'E-post',
    admin: 'Administrator',
    groups: 'Grupper',
    status: 'Problemer',
    ready: 'Klar',
    yes: 'Ja',
    no: 'Nei',
    back: 'Tilbake',
    send: 'Send ingen invitasjoner | Send én invitasjon | Send {count} invitasjoner',
    empty: 'Ingen rader å vise.',
  },
  confirmAdmins: {
    title: 'Gjøre til administratorer?',
    body: 'Én person blir administrator i {organisation}: | {count} personer blir administratorer i {organisation}:',
    list: 'Hvem som blir administrator',
    send: 'Send én invitasjon | Send {count} invitasjoner',
  },
  problem: {
    missingEmail: 'Ingen e-postadresse.',
    malformedEmail: '«{value}» er ikke en e-postadresse.',
    duplicateEmail: 'Samme adresse som linje {line}.',
    unknownGroup: 'Ingen gruppe som heter «{name}» i denne organisasjonen.',
    tooManyRows: 'Mer enn {limit} rader: send resten fra en annen fil.',
  },
  sending: {
    progress: 'Sender invitasjoner',
    batches: 'Bunke {sent} av {total} sendt',
  },
  results: {
    title: 'Resultater',
    invited: 'Invitert',
    failed: 'Mislyktes',
    alreadyInOrganisation: 'Allerede i organisasjonen',
    existingUsersAdded: 'Eksisterende brukere lagt til',
    notSent: 'Ikke sendt',
    unknown: 'Ukjent',
    unknownHint:
      'Disse ble sendt da appen stoppet; de kan ha blitt invitert. Sjekk Personer før du sender dem på nytt.',
    none: 'Ingen.',
    save: 'Lagre resultatene som CSV …',
    saved: 'Lagret i {path}',
    again: 'Inviter fra en annen fil',
  },
  pending: {
    title: 'En tidligere invitasjon ble ikke fullført',
    body: 'Sendingen av {file} til {organisation} stoppet halvveis.',
    handled: 'Ingen hadde fått svar ennå. | Én person hadde fått svar. | {count} personer hadde fått svar.',
    unknown:
      'Ingen er usikre. | Én person kan ha blitt invitert eller ikke. | {count} personer kan ha blitt invitert eller ikke.',
    remaining:
      'Ingenting gjenstår å sende. | Én bunke med opptil 25 personer ble ikke sendt. | {count} bunker med opptil 25 personer ble ikke sendt.',
    unnamed: 'en fil',
    resume: 'Send resten',
    discard: 'Forkast',
    confirmTitle: 'Forkaste den uferdige invitasjonen?',
    confirmBody: 'Personene som ennå ikke er sendt, blir ikke invitert. De som allerede er invitert, forblir invitert.',
    confirm: 'Forkast',
  },
};
