/** Work done while the app is idle, a slice at a time: `timeRemaining` is what this idle moment has left. */
export type IdleTask = (deadline?: { timeRemaining(): number }) => void;
