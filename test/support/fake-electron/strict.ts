/**
 * The strictness of the fake: an API that real Electron lacks, or one used at a moment real Electron
 * refuses, throws here too, so a unit test fails where the app would have failed on a user's machine.
 */

/** Thrown for anything the fake does not know: a typo, or an API Electron removed. */
export class UnknownElectronApi extends Error {
  constructor(owner: string, name: string) {
    super(`fake electron: ${owner}.${name} is not an Electron API known to the fake (typo, or removed upstream?)`);
    this.name = 'UnknownElectronApi';
  }
}

/** Thrown for a call Electron refuses at this point of the app's life (before `ready`, after it, twice). */
export class ElectronCallOutOfOrder extends Error {
  constructor(message: string) {
    super(`fake electron: ${message}`);
    this.name = 'ElectronCallOutOfOrder';
  }
}

/**
 * Properties that test tooling reads off any object (printing, awaiting, matchers); reading them
 * says nothing about the app, so they are allowed and answer undefined when not defined.
 */
const introspection = new Set([
  'then',
  'toJSON',
  'asymmetricMatch',
  '$$typeof',
  'nodeType',
  'tagName',
  'constructor',
  '@@__IMMUTABLE_ITERABLE__@@',
  '@@__IMMUTABLE_RECORD__@@',
  '_isMockFunction',
]);

/** Wraps an object so that reading a property it does not define throws `UnknownElectronApi`. */
export function strict<T extends object>(owner: string, target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object || introspection.has(property)) {
        return Reflect.get(object, property, receiver) as unknown;
      }
      throw new UnknownElectronApi(owner, property);
    },
  });
}

/** Throws unless every key of `options` is one Electron documents for `owner`. */
export function checkKnownKeys(owner: string, options: object, known: ReadonlySet<string>): void {
  for (const key of Object.keys(options)) {
    if (!known.has(key)) throw new UnknownElectronApi(owner, key);
  }
}
