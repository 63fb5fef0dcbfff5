/** The groups screens' strings (lists, search, a group's header and settings, labels, invitations). (The lead mounts them as `groups` in en-GB.) */
export default {};
