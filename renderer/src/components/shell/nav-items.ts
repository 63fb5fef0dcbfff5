/** Sidebar sections, in order. */
export interface NavItem {
  key: string;
  icon: string;
  to: string;
}

export const navItems: NavItem[] = [
  { key: 'home', icon: 'pi pi-home', to: '/' },
  { key: 'groups', icon: 'pi pi-users', to: '/groups' },
  { key: 'portfolios', icon: 'pi pi-folder', to: '/portfolios' },
  { key: 'videos', icon: 'pi pi-video', to: '/videos' },
  { key: 'record', icon: 'pi pi-camera', to: '/record' },
  { key: 'recordings', icon: 'pi pi-images', to: '/recordings' },
  { key: 'transfers', icon: 'pi pi-sort-alt', to: '/transfers' },
  { key: 'notifications', icon: 'pi pi-bell', to: '/notifications' },
];

/** Shown only to organisation administrators (the session's roles); main checks again on every call. */
export const adminItems: NavItem[] = [
  { key: 'people', icon: 'pi pi-id-card', to: '/admin/people' },
  { key: 'reports', icon: 'pi pi-chart-bar', to: '/admin/reports' },
  { key: 'organisation', icon: 'pi pi-building', to: '/admin/organisation' },
];

export const footerItems: NavItem[] = [
  { key: 'networkCheck', icon: 'pi pi-wifi', to: '/network-check' },
  { key: 'about', icon: 'pi pi-info-circle', to: '/about' },
];
