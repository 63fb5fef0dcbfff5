import type source from '../en-GB/invite-by-email';
import type { Translation } from '../locales';

/** Inviter kolleger til en gruppe på e-post (`inviteByEmail`). */
export default {
  open: 'Inviter på e-post',
  title: 'Inviter kolleger til {group}',
  addresses: 'E-postadresser',
  addressesHelp: 'Lim inn eller skriv opptil {max} adresser, skilt med komma, semikolon eller linjeskift.',
  message: 'Personlig melding (valgfritt)',
  messageHelp: 'Legges til i invitasjonen.',
  ready: 'Ingen adresser ennå. | Én adresse klar. | {count} adresser klare.',
  invalid: 'Ikke en e-postadresse: {list}',
  repeated: 'Oppført mer enn én gang (sendes én gang): {list}',
  tooMany: 'Høyst {max} adresser om gangen. Fjern {extra} for å sende.',
  send: 'Send invitasjoner | Send én invitasjon | Send {count} invitasjoner',
  cancel: 'Avbryt',
  close: 'Lukk',
  another: 'Inviter flere',
  results: 'Hva som skjedde med hver adresse',
  summary: '{invited} invitert · {members} allerede medlemmer · {failed} mislyktes',
  status: {
    invited: 'Invitert',
    'already-member': 'Allerede medlem',
    failed: 'Mislyktes',
  },
  reason: {
    refused: 'Tjenesten avviste denne adressen (trolig er den ikke en gyldig e-postadresse).',
    'no-answer': 'Tjenesten sa ikke hva som skjedde med denne adressen. Prøv igjen.',
  },
  link: {
    noOthers: 'Du har ingen andre åpne invitasjoner.',
    title: 'Invitasjon',
    heading: 'Du er invitert til {group}',
    headingUnknown: 'Du har en invitasjonslenke',
    body: 'Bli med i gruppen for å se innlegg, filer og medlemmer.',
    bodyUnknown:
      'Lenken gjelder en invitasjon som ikke står i listen din ennå. Bli med for å se hvilken gruppe den gjelder.',
    join: 'Bli med i {group}',
    joinUnknown: 'Bli med i gruppen',
    notNow: 'Ikke nå',
    joined: 'Du er nå med i {group}.',
    open: 'Åpne {group}',
    notFound:
      'Denne invitasjonslenken gjelder ikke lenger: den kan ha gått ut, blitt brukt av en annen eller blitt trukket tilbake. Be den som inviterte deg, om en ny.',
    badLink: 'Denne invitasjonslenken er ufullstendig. Åpne lenken fra e-posten på nytt, eller be om en ny invitasjon.',
  },
} satisfies Translation<typeof source>;
