import { app, dialog } from 'electron';
import { chooseLocale, createTranslator } from '../services/i18n';
import { refusalLine, refusedDebuggingSwitches } from '../services/shell/debugging-switches';

/**
 * Quits an installed app started with debugging switches (main/services/shell/debugging-switches.ts),
 * before anything else runs: no window, no second-instance hand-over, no waiting for `ready` (by which
 * time Chromium would be serving its debugging port). Says why twice: one English line on standard error
 * for IT's scripts, and an error box in the person's language. Electron can show that box before `ready`
 * on Windows and macOS; on Linux it writes it to standard error instead (Electron's documented
 * behaviour), so there the line is what is seen. Answers whether it quit.
 */
export function quitIfDebugging(argv: readonly string[], printError: (text: string) => void): boolean {
  const switches = refusedDebuggingSwitches({
    packaged: app.isPackaged,
    argv,
    platform: process.platform,
    hasSwitch: (name) => app.commandLine.hasSwitch(name),
  });
  if (switches.length === 0) return false;
  printError(refusalLine(switches));
  const t = createTranslator(chooseLocale(app.getPreferredSystemLanguages()));
  dialog.showErrorBox(
    t('main.debuggingRefused.title'),
    t('main.debuggingRefused.message', { switches: switches.join(', ') }),
  );
  app.exit(1);
  return true;
}
