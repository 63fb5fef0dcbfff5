export { Vault, type Clock, type VaultOptions, type VaultStatus } from './vault';
export type { Encryptor } from './encryptor';
export type { KeytarLoader, KeytarModule } from './keytar-store';
export { DEFAULT_KEYCHAIN_SERVICE } from './keytar-store';
export { accountName, serviceOrigin } from './account';
export {
  SecretStoreError,
  isSecretStoreError,
  type StoreKind,
  type StoreProblem,
  type SecretStore,
} from './secret-store';
