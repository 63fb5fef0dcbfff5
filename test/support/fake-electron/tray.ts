import { EventEmitter } from 'node:events';
import { ElectronCallOutOfOrder, strict } from './strict';
import { requireReady, state } from './state';
import type { FakeMenu } from './menu';

/** A tray icon: image, tooltip and menu as the user would see them. */
export class FakeTray extends EventEmitter {
  image: unknown;
  tooltip = '';
  menu: FakeMenu | null = null;
  destroyed = false;
  constructor(image: unknown) {
    super();
    requireReady('new Tray()');
    this.image = image;
  }
  private alive(what: string): void {
    if (this.destroyed) throw new ElectronCallOutOfOrder(`Tray.${what}: Object has been destroyed`);
  }
  setImage(image: unknown): void {
    this.alive('setImage');
    this.image = image;
  }
  setToolTip(text: string): void {
    this.alive('setToolTip');
    this.tooltip = text;
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.alive('setContextMenu');
    this.menu = menu;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export const Tray = new Proxy(FakeTray, {
  construct(target, args: [unknown]) {
    const tray = strict('Tray', new target(...args));
    state.trays.push(tray);
    return tray;
  },
});
