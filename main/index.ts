/**
 * Entry of the main process. The composition root is `compose()` in ./composition (plain Node, also
 * used by the end-to-end harness); ./electron/run-app wires it to Electron's lifecycle.
 */
import { runApp } from './electron/run-app';

// Resolves when start-up has run; tests await it, the app has nothing to do then.
void runApp();
