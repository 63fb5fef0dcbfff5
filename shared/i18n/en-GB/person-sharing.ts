/**
 * Sharing with one person (`personSharing`): which of my portfolios they can already read, and which
 * I may still share with them. Opened from a person in a portfolio's Sharing tab or a group's members.
 */
export default {
  title: 'Sharing with {name}',
  titlePlain: 'Sharing with this person',
  lead: 'Your own portfolios: those {name} can read, and those you can still share with them.',
  back: 'Back',
  open: 'Share portfolios with {name}',
  openShort: 'Share portfolios',
  sharedHeading: 'Shared with {name}',
  sharedEmpty: 'None of your portfolios is shared with {name}.',
  sharedListLabel: 'Your portfolios shared with {name}',
  noStop: 'The service has no way to stop sharing a portfolio once shared.',
  shareableHeading: 'You can still share',
  shareableEmpty: 'There is none of your portfolios left to share with {name}.',
  shareableListLabel: 'Your portfolios you can share with {name}',
  share: 'Share',
  shareNamed: 'Share {title} with {name}',
  shared: '{title} is now shared with {name}.',
  openPortfolio: 'Open {title}',
  someone: 'this person',
} as const;
