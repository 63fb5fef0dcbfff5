/**
 * About → settings and support (`about.settings`, `about.support`): where each managed setting came
 * from, and the two buttons a person uses when support asks for details.
 */
export const aboutSettings = {
  title: 'Settings and where they come from',
  caption: 'Each setting your organisation can manage, its value, and who chose it.',
  setting: 'Setting',
  value: 'Value',
  source: 'Comes from',
  unset: 'not set',
  locked: 'Locked',
  lockedHint: 'You cannot change this in the app.',
  sources: {
    'policy-machine': 'your organisation (machine)',
    'policy-user': 'your organisation (user)',
    recommended: 'recommended by your organisation',
    user: 'your choice',
    default: 'default',
    flag: 'command line',
    env: 'environment',
  },
};

export const aboutSupport = {
  title: 'Support',
  lead: 'If support asks for details, copy the diagnostics: they leave out passwords and sign-in tokens.',
  copy: 'Copy diagnostics',
  copied: 'Diagnostics copied: paste them into your message to support.',
  copyFailed: 'The diagnostics could not be copied.',
  openLogs: 'Open logs folder',
  openLogsFailed: 'The logs folder could not be opened.',
};

/** About → files the app refused (`about.untrusted`): IT named them, but others could have written them (issue 28). */
export const aboutUntrustedFiles = {
  title: 'Files your organisation named that the app does not trust',
  lead: 'The app ignores these files, because someone who is not an administrator could have changed them. Ask IT to fix who owns them.',
  policyFile: 'Policy file',
  namedBy: 'Named by {policy}',
  owner: '{where} is not owned by an administrator.',
  writable: '{where} can be changed by users who are not administrators.',
};
