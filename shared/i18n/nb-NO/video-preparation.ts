/** Opplastinger → gjøre en video mindre før den sendes (`uploads.preparation`, sak 29). */
export default {
  progress: 'Gjør {name} mindre: {percent} %',
  offer: {
    tick: 'Gjør mindre før sending',
    bitrate: '{mbps} Mbit/s',
    estimate: 'omtrent {size}',
    estimateSaved: 'omtrent {size}, {saved} raskere på denne tilkoblingen',
  },
  asIs: {
    smallEnough: 'Sendes som den er: allerede liten nok.',
    cannotDecode: 'Sendes som den er: denne datamaskinen kan ikke lese videoformatet ({codec}).',
    notAVideo: 'Sendes som den er: filen er ikke en video appen kan lese.',
    noVideoTrack: 'Sendes som den er: filen har ikke noe bilde.',
    damaged: 'Sendes som den er: videoen ser skadet ut, så appen endret den ikke.',
  },
  prepared: 'Gjort mindre: {size} i stedet for {original}.',
  problems: {
    diskFull:
      'Det er ikke nok ledig diskplass til å gjøre denne videoen mindre ({needed} trengs). Frigjør plass, eller send originalen.',
    checkFailed: 'Den mindre kopien besto ikke kontrollen ({detail}). Originalen er uendret.',
    workerStopped: 'Arbeidet med å gjøre videoen mindre stoppet uventet. Prøv igjen, eller send originalen.',
    failed: 'Videoen kunne ikke gjøres mindre. Originalen er uendret.',
  },
};
