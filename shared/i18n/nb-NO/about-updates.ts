import type source from '../en-GB/about-updates';
import type { Translation } from '../locales';

/** Om appen → Oppdateringer (`about.updates`). */
export default {
  title: 'Oppdateringer',
  mode: {
    automatic: 'Appen oppdaterer seg selv: nye versjoner lastes ned i bakgrunnen.',
    managedByOrganisation: 'Oppdateringer styres av organisasjonen din.',
    packageManager: 'Oppdateringer kommer fra pakkebehandleren i systemet.',
    offByPolicy: 'Organisasjonen din har slått av automatiske oppdateringer.',
    development: 'Det ses ikke etter oppdateringer i en utviklingsversjon.',
    unsupported:
      'Denne kopien av appen kan ikke oppdatere seg selv. Installer den med et installasjonsprogram for å få oppdateringer.',
    manual:
      'Denne AppImage-filen oppdaterer seg ikke selv, fordi appen ikke kan kontrollere hvem som har laget en oppdatering. Hent nye versjoner der du fikk denne, eller installer .deb- eller .rpm-pakken, som systemet ditt holder oppdatert.',
  },
  state: {
    idle: 'Ingen oppdatering venter.',
    checking: 'Ser etter oppdateringer …',
    downloading: 'Laster ned en oppdatering: {percent} %',
    readyQuit: 'Versjon {version} er klar og installeres når du avslutter appen.',
    readyWindow: 'Versjon {version} er klar og installeres mellom {start} og {end}.',
    readyUploads: 'Versjon {version} er klar og installeres når opplastingene dine er ferdige.',
    installing: 'Installerer versjon {version} …',
    error: 'Forrige søk etter oppdateringer mislyktes; appen prøver igjen senere.',
  },
} satisfies Translation<typeof source>;
