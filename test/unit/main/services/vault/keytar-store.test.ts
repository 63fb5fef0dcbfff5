import { describe, expect, it } from 'vitest';
import { classifyKeytarError, KeytarSecretStore } from '../../../../../main/services/vault/keytar-store';
import { SecretStoreError } from '../../../../../main/services/vault';
import { FakeKeytar, LOCKED, NO_DBUS } from './fake-keytar';

describe('keytar store', () => {
  it('sorts libsecret failures into reasons the app can explain', () => {
    expect(classifyKeytarError(NO_DBUS)).toBe('no-session-bus');
    expect(classifyKeytarError('Could not connect: No such file or directory')).toBe('no-session-bus');
    expect(classifyKeytarError('The name org.freedesktop.secrets was not provided by any .service files')).toBe(
      'no-secret-service',
    );
    expect(classifyKeytarError(LOCKED)).toBe('locked');
    expect(classifyKeytarError('Something else entirely')).toBe('keychain-error');
  });

  it('gives up on a call the keychain never answers, and refuses every later call at once', async () => {
    const keytar = new FakeKeytar();
    keytar.hang = true;
    const store = new KeytarSecretStore(keytar, { service: 'S', timeoutMs: 50 });
    await expect(store.get('a')).rejects.toMatchObject({ problem: 'timeout' });
    keytar.hang = false;
    const callsBefore = keytar.calls;
    // A blocked call pins a libuv worker thread; piling more on would stall the process's file I/O.
    await expect(store.set('a', 'x')).rejects.toMatchObject({ problem: 'timeout' });
    expect(keytar.calls).toBe(callsBefore);
  });

  it('probes by writing, reading back and deleting, leaving nothing behind', async () => {
    const keytar = new FakeKeytar();
    await new KeytarSecretStore(keytar, { service: 'S', timeoutMs: 1000 }).probe(1000);
    expect(keytar.calls).toBe(3);
    expect(keytar.items.size).toBe(0);
  });

  it('reports a locked keychain found by the probe as "locked"', async () => {
    const keytar = new FakeKeytar();
    keytar.failWith = LOCKED;
    const probe = new KeytarSecretStore(keytar, { service: 'S', timeoutMs: 1000 }).probe(1000);
    await expect(probe).rejects.toBeInstanceOf(SecretStoreError);
    await expect(probe).rejects.toMatchObject({ problem: 'locked' });
  });
});
