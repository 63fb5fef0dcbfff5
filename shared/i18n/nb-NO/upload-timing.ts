import type source from '../en-GB/upload-timing';
import type { Translation } from '../locales';

/** Opplastinger → når og hvor fort (`uploads.timing`). */
export default {
  waiting: {
    scheduleYours: 'Opplastingene venter til {time} (tidsplanen din for opplasting).',
    scheduleManaged: 'Opplastingene venter til {time} (tidsplan fastsatt av organisasjonen din).',
    batteryYours: 'Opplastingene venter på strøm fra stikkontakten.',
    batteryManaged: 'Opplastingene venter på strøm fra stikkontakten (regel fastsatt av organisasjonen din).',
  },
  limited: 'Begrenset til {rate} KiB/s',
  settings: {
    bandwidth: 'Båndbreddegrense',
    kibps: 'KiB/s',
    bandwidthHelp:
      'Alle opplastinger til sammen, i KiB per sekund (1 KiB er 1024 byte); 0 betyr ingen grense. Gjelder også filer som sendes nå.',
    scheduleLegend: 'Tidsplan for opplasting',
    schedule: 'Last opp bare mellom bestemte klokkeslett',
    scheduleHelp:
      'Utenom disse klokkeslettene venter filene i køen. På 24-timersklokken; tidene kan gå over midnatt, for eksempel 15:30 til 07:30. Filer som sendes når tiden er ute, blir ferdige.',
    scheduleStart: 'Fra',
    scheduleEnd: 'Til',
    clockPlaceholder: 'TT:MM',
    clockInvalid: 'Skriv et klokkeslett på 24-timersklokken, for eksempel 07:30.',
    sameTimes: 'Start og slutt må være forskjellige klokkeslett.',
    mainsOnly: 'Last opp bare når maskinen er koblet til strøm',
    mainsOnlyHelp: 'På batteri venter filene til maskinen kobles til strøm; filer som sendes, blir ferdige.',
  },
} satisfies Translation<typeof source>;
