/**
 * The first screen of an installed app that was given no service address by policy or its build
 * (`firstRun`). Each problem says what happened at the address and what to do next.
 */
export default {
  title: 'Connect to your organisation',
  heading: 'Your organisation’s service',
  lead: 'Type the address of your organisation’s video collaboration service. Your IT department, or a colleague who already uses the app, can tell you what it is.',
  address: 'Service address',
  addressHelp: 'For example videocollab.example.org: https:// is added for you.',
  check: 'Check',
  checking: 'Checking {url}…',
  connected: '{url} is your organisation’s service. The app will use it from now on.',
  continue: 'Continue to sign in',
  problems: {
    INVALID_ARGUMENT:
      'That is not a web address. Type it as your organisation gave it, for example videocollab.example.org.',
    INSECURE_URL:
      'The address must start with https://, so that nobody on the network can read what you send. Plain http is only allowed for a service on this computer (localhost).',
    UNREACHABLE:
      'Nothing answered at {url}. Check the spelling, and that this computer is online (some organisations need their own network or VPN).',
    TIMEOUT: '{url} took too long to answer. Check your connection and try again.',
    TLS: 'The connection to {url} cannot be trusted: its security certificate is not accepted by this computer. Ask your IT department.',
    NOT_A_SERVICE:
      'Something answered at {url}, but it is not the video collaboration service. Check the address with your IT department.',
  },
};
