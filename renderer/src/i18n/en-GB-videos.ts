/** Tagged videos: lists, the timeline and the player. (The lead mounts them as `videos` in en-GB.) */
export default {};
