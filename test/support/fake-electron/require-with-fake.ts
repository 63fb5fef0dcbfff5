import Module, { createRequire } from 'node:module';
import * as fake from './index';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

/** What `require('electron')` gives in the main process: renderer-only modules are not there. */
function mainProcessView(): Record<string, unknown> {
  const {
    contextBridge: _contextBridge,
    ipcRenderer: _ipcRenderer,
    fakeElectron: _control,
    ElectronCallOutOfOrder: _outOfOrder,
    UnknownElectronApi: _unknown,
    ...main
  } = fake;
  return main;
}

/**
 * Loads a CommonJS package from node_modules, as the main process would, with this fake in the place
 * of `electron`. Vitest's alias reaches only the code it transforms; a package in node_modules is
 * loaded by Node's own `require`, which would find the real `electron` package (a path to a binary,
 * or, where none is installed, an error after an attempt to download one). Use it in `vi.mock(id, factory)`.
 */
export function requireWithFakeElectron(id: string): unknown {
  const loader = Module as unknown as { _load: Load };
  const original = loader._load;
  const electron = mainProcessView();
  loader._load = function (this: unknown, request, parent, isMain) {
    return request === 'electron' ? electron : original.call(this, request, parent, isMain);
  };
  try {
    return createRequire(import.meta.url)(id);
  } finally {
    loader._load = original;
  }
}
