/**
 * PrimeVue (styled mode, 4.x) forgets which stylesheets it has written each time one of its components mounts,
 * so the next one writes its stylesheets again: the same text into the same `<style>` element. Chromium takes
 * each write as a replaced stylesheet and works out the page's styles again. Opening a portfolio's comments
 * wrote the `base` sheet ten times over. Writing a `<style>` element's current text into it again changes
 * nothing, so such writes are skipped; any other write goes through.
 * (Upstream: primefaces/primevue#8580 stops part of the rewriting; nothing released yet.)
 */
export function skipUnchangedStyleWrites(styleElement: { prototype: HTMLStyleElement } = HTMLStyleElement): void {
  const inherited = inheritedDescriptor(Object.getPrototypeOf(styleElement.prototype) as object | null, 'textContent');
  const read = inherited?.get;
  const write = inherited?.set;
  if (!read || !write) return;
  Object.defineProperty(styleElement.prototype, 'textContent', {
    configurable: true,
    enumerable: inherited.enumerable ?? true,
    get(this: HTMLStyleElement) {
      return read.call(this);
    },
    set(this: HTMLStyleElement, text: string | null) {
      if (read.call(this) === (text ?? '')) return;
      write.call(this, text);
    },
  });
}

/** The property as the prototype chain above `start` defines it (in browsers, Node's textContent). */
function inheritedDescriptor(start: object | null, name: string): PropertyDescriptor | undefined {
  for (let proto = start; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return descriptor;
  }
  return undefined;
}
