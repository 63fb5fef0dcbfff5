/**
 * Uploads → when and how fast (`uploads.timing`): the bandwidth limit, the daily schedule and the
 * mains-power rule, in the settings panel and as the reason the queue waits.
 */
export default {
  waiting: {
    scheduleYours: 'Uploads wait until {time} (your upload schedule).',
    scheduleManaged: 'Uploads wait until {time} (schedule set by your organisation).',
    batteryYours: 'Uploads wait for mains power.',
    batteryManaged: 'Uploads wait for mains power (rule set by your organisation).',
  },
  limited: 'Limited to {rate} KiB/s',
  settings: {
    bandwidth: 'Bandwidth limit',
    kibps: 'KiB/s',
    bandwidthHelp:
      'All uploads together, in KiB per second (1 KiB is 1,024 bytes); 0 means no limit. Applies to files being sent now too.',
    scheduleLegend: 'Upload schedule',
    schedule: 'Upload only between set times',
    scheduleHelp:
      'Outside these times files wait in the queue. On the 24-hour clock; the times may cross midnight, such as 15:30 to 07:30. Files being sent when the time is up finish.',
    scheduleStart: 'From',
    scheduleEnd: 'To',
    clockPlaceholder: 'HH:MM',
    clockInvalid: 'Type a time on the 24-hour clock, such as 07:30.',
    sameTimes: 'The start and the end must be different times.',
    mainsOnly: 'Upload only on mains power',
    mainsOnlyHelp: 'On battery, files wait until the computer is plugged in; files being sent finish.',
  },
};
