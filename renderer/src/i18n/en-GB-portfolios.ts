/** The portfolio screens' strings (lists, search, a portfolio and its content, sharing). (The lead mounts them as `portfolios` in en-GB.) */
export default {};
