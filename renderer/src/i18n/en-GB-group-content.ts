/** Inside a group: posts and comments, files, members and activity. (The lead mounts them as `groupContent` in en-GB.) */
export default {};
