/** A portfolio's comment threads. (The lead mounts them as `portfolioComments` in en-GB.) */
export default {};
