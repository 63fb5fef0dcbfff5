/** Sidebar sections, in order. */
export interface NavItem {
  key: string;
  icon: string;
  to: string;
  /** Shown only to organisation administrators (the session's roles decide). */
  adminOnly?: boolean;
}

export const navItems: NavItem[] = [
  { key: 'home', icon: 'pi pi-home', to: '/' },
  { key: 'groups', icon: 'pi pi-users', to: '/groups' },
  { key: 'portfolios', icon: 'pi pi-folder', to: '/portfolios' },
  { key: 'videos', icon: 'pi pi-video', to: '/videos' },
  { key: 'recordings', icon: 'pi pi-images', to: '/recordings' },
  { key: 'transfers', icon: 'pi pi-sort-alt', to: '/transfers' },
  { key: 'notifications', icon: 'pi pi-bell', to: '/notifications' },
  { key: 'reports', icon: 'pi pi-chart-bar', to: '/admin/reports', adminOnly: true },
];

export const footerItems: NavItem[] = [
  { key: 'networkCheck', icon: 'pi pi-wifi', to: '/network-check' },
  { key: 'about', icon: 'pi pi-info-circle', to: '/about' },
];
