import type { StoreKind, StoreProblem } from './secret-store';

/** Why the keychain is not used, as the first half of a sentence. */
const keychainWhy: Partial<Record<StoreProblem, string>> = {
  'keychain-module-missing': 'The app’s keychain component could not be loaded',
  'no-session-bus': 'No desktop session was found to reach the system keychain',
  'no-secret-service': 'No system keychain service (such as GNOME Keyring) is running',
  locked: 'The system keychain is locked',
  timeout: 'The system keychain did not answer in time (an unlock prompt may be waiting)',
};
const keychainRefused = 'The system keychain refused to store your sign-in';

/** Why no encrypted file either, as the second half. */
const fileWhy: Partial<Record<StoreProblem, string>> = {
  'no-encryptor': 'this computer offers no other secure storage',
  'encryption-unavailable': 'this computer offers no other secure storage',
  'basic-text': 'without it this computer can only hide a file with a fixed key, which is not safe',
};
const fileFailed = 'the encrypted file could not be written';

/**
 * The notice the app shows when sign-ins are not kept in the keychain: a sentence saying why and
 * what happens instead, and one saying what to do about it on this operating system.
 */
export function explainFallback(
  backend: StoreKind,
  keychainProblem: StoreProblem | undefined,
  fileProblem: StoreProblem | undefined,
  platform: NodeJS.Platform,
): { reason?: string; advice?: string } {
  if (backend === 'keychain' || keychainProblem === undefined) return {};
  const why = keychainWhy[keychainProblem] ?? keychainRefused;
  const reason =
    backend === 'encrypted-file'
      ? `${why}, so your sign-in is kept in a file encrypted by the operating system instead.`
      : `${why}, and ${fileWhy[fileProblem ?? 'no-encryptor'] ?? fileFailed}, so you will stay signed in only until you quit the app.`;
  return { reason, advice: advise(keychainProblem, platform) };
}

function advise(problem: StoreProblem, platform: NodeJS.Platform): string {
  const unlock = problem === 'locked' || problem === 'timeout';
  if (platform === 'linux') {
    if (problem === 'locked')
      return 'Unlock your login keyring (for example in the Passwords and Keys app), then restart the app.';
    if (problem === 'timeout') {
      return 'Answer the keyring’s unlock prompt if one is open, or unlock your login keyring, then restart the app.';
    }
    return 'Install gnome-keyring and libsecret (sudo apt-get install gnome-keyring libsecret-1-0) and sign in to your desktop session, then restart the app.';
  }
  if (platform === 'darwin') {
    return unlock
      ? 'Unlock your login keychain in Keychain Access, then restart the app.'
      : 'Check in Keychain Access that your login keychain works, then restart the app.';
  }
  if (platform === 'win32')
    return 'Check that Windows Credential Manager works for your account, then restart the app.';
  return 'Make sure a system keychain is installed and unlocked, then restart the app.';
}
