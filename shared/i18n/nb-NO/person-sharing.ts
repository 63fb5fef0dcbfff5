import type source from '../en-GB/person-sharing';
import type { Translation } from '../locales';

/** Deling med én person (`personSharing`). */
export default {
  title: 'Deling med {name}',
  titlePlain: 'Deling med denne personen',
  lead: 'Dine egne porteføljer: de {name} kan lese, og de du fortsatt kan dele med vedkommende.',
  back: 'Tilbake',
  open: 'Del porteføljer med {name}',
  openShort: 'Del porteføljer',
  sharedHeading: 'Delt med {name}',
  sharedEmpty: 'Ingen av porteføljene dine er delt med {name}.',
  sharedListLabel: 'Porteføljene dine som er delt med {name}',
  noStop: 'Tjenesten har ingen måte å slutte å dele en portefølje på når den først er delt.',
  shareableHeading: 'Du kan fortsatt dele',
  shareableEmpty: 'Ingen av porteføljene dine er igjen å dele med {name}.',
  shareableListLabel: 'Porteføljene dine som du kan dele med {name}',
  share: 'Del',
  shareNamed: 'Del {title} med {name}',
  shared: '{title} er nå delt med {name}.',
  openPortfolio: 'Åpne {title}',
  someone: 'denne personen',
} satisfies Translation<typeof source>;
