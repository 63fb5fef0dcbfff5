import { checkKnownKeys, strict } from './strict';
import { state } from './state';

const menuItemKeys = new Set(
  (
    'click role type label sublabel toolTip accelerator icon enabled acceleratorWorksWhenHidden visible checked ' +
    'registerAccelerator sharingItem submenu id before after beforeGroupContaining afterGroupContaining'
  ).split(' '),
);

const roles = new Set(
  (
    'undo redo cut copy paste pasteAndMatchStyle delete selectAll reload forceReload toggleDevTools resetZoom ' +
    'zoomIn zoomOut toggleSpellChecker togglefullscreen window minimize close help about services hide ' +
    'hideOthers unhide quit showSubstitutions toggleSmartQuotes toggleSmartDashes toggleTextReplacement ' +
    'startSpeaking stopSpeaking zoom front appMenu fileMenu editMenu viewMenu shareMenu recentDocuments ' +
    'toggleTabBar selectNextTab selectPreviousTab showAllTabs mergeAllWindows clearRecentDocuments ' +
    'moveTabToNewWindow windowMenu'
  ).split(' '),
);

export interface FakeMenuItem {
  id?: string;
  label?: string;
  role?: string;
  type?: string;
  enabled: boolean;
  checked?: boolean;
  click?: (...args: unknown[]) => void;
  submenu?: FakeMenu;
}

/** A built menu: the items as the user would see them, with their click handlers. */
export class FakeMenu {
  readonly items: FakeMenuItem[];
  constructor(template: Record<string, unknown>[]) {
    this.items = template.map((entry) => {
      checkKnownKeys('MenuItemConstructorOptions', entry, menuItemKeys);
      if (entry.role !== undefined && !roles.has(String(entry.role))) {
        throw new Error(`fake electron: unknown menu role '${String(entry.role)}'`);
      }
      const submenu = entry.submenu;
      return {
        ...(entry as Omit<FakeMenuItem, 'submenu' | 'enabled'>),
        enabled: entry.enabled !== false,
        ...(Array.isArray(submenu) ? { submenu: new FakeMenu(submenu as Record<string, unknown>[]) } : {}),
      };
    });
  }
  getMenuItemById(id: string): FakeMenuItem | null {
    for (const item of this.items) {
      if (item.id === id) return item;
      const inner = item.submenu?.getMenuItemById(id);
      if (inner) return inner;
    }
    return null;
  }
  /**
   * The user clicks the item with this id (test helper), as Electron delivers it: a disabled item does
   * nothing, a checkbox flips its own check mark before the handler runs, and the handler gets
   * `(menuItem, window, event)`.
   */
  click(id: string): void {
    const item = this.getMenuItemById(id);
    if (!item) throw new Error(`fake electron: no menu item '${id}'`);
    if (!item.enabled) return;
    if (item.type === 'checkbox') item.checked = !item.checked;
    item.click?.(item, undefined, { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false });
  }
  /** Every item, depth first (test helper). */
  flat(): FakeMenuItem[] {
    return this.items.flatMap((item) => [item, ...(item.submenu?.flat() ?? [])]);
  }
}

export const Menu = strict('Menu', {
  buildFromTemplate(template: Record<string, unknown>[]): FakeMenu {
    return new FakeMenu(template);
  },
  setApplicationMenu(menu: FakeMenu | null): void {
    state.applicationMenu = menu;
  },
  getApplicationMenu(): FakeMenu | null {
    return state.applicationMenu;
  },
});
