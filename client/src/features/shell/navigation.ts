import { paths } from '../../app/paths';
import type { Claim } from '../../../../src/shared/session';
import type { NavGroupId } from './uiSlice';

export type NavIconName =
  | 'home'
  | 'schedule'
  | 'customers'
  | 'ratings'
  | 'trackedTimes'
  | 'timesheet'
  | 'timesheets'
  | 'profile'
  | 'password'
  | 'reports'
  | 'jobsReport'
  | 'ratingsReport'
  | 'admin'
  | 'organizationTimes'
  | 'users'
  | 'settings'
  | 'audit';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  icon: NavIconName;
  /** Shown only to users holding this claim. */
  claim?: Claim;
}

export interface NavGroupItem {
  kind: 'group';
  id: NavGroupId;
  label: string;
  icon: NavIconName;
  /** Only in mobile mode (below 600 px), where the top-bar menu is out of thumb reach. */
  mobileOnly?: boolean;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

/** The side navigation of spec §2, in display order. */
export const NAVIGATION: readonly NavItem[] = [
  { kind: 'link', label: 'Home', to: paths.home, icon: 'home' },
  { kind: 'link', label: 'Job Schedule', to: paths.scheduling, icon: 'schedule', claim: 'jobs.crud' },
  { kind: 'link', label: 'Customers', to: paths.customers, icon: 'customers', claim: 'customers.crud' },
  { kind: 'link', label: 'My Job Ratings', to: paths.myJobRatings, icon: 'ratings' },
  { kind: 'link', label: 'My Tracked Times', to: paths.myTrackedTimes, icon: 'trackedTimes' },
  { kind: 'link', label: 'My Timesheet', to: paths.myTimesheet, icon: 'timesheet' },
  {
    kind: 'group',
    id: 'profile',
    label: 'Profile',
    icon: 'profile',
    mobileOnly: true,
    children: [
      { kind: 'link', label: 'My Profile', to: paths.profile, icon: 'profile' },
      { kind: 'link', label: 'Change Password', to: paths.changePassword, icon: 'password' },
    ],
  },
  {
    kind: 'group',
    id: 'reports',
    label: 'Reports',
    icon: 'reports',
    children: [
      { kind: 'link', label: 'Jobs Report', to: paths.jobsReport, icon: 'jobsReport', claim: 'reports.read' },
      { kind: 'link', label: 'Ratings Report', to: paths.ratingsReport, icon: 'ratingsReport', claim: 'reports.read' },
    ],
  },
  {
    kind: 'group',
    id: 'admin',
    label: 'Admin',
    icon: 'admin',
    children: [
      {
        kind: 'link',
        label: 'Organization Tracked Times',
        to: paths.organizationTrackedTimes,
        icon: 'organizationTimes',
        claim: 'users.crud',
      },
      { kind: 'link', label: 'Timesheets', to: paths.timesheets, icon: 'timesheets', claim: 'users.crud' },
      { kind: 'link', label: 'Users', to: paths.users, icon: 'users', claim: 'users.crud' },
      {
        kind: 'link',
        label: 'Organization Settings',
        to: paths.organizationSettings,
        icon: 'settings',
        claim: 'settings.crud',
      },
      { kind: 'link', label: 'Audit Log', to: paths.auditLog, icon: 'audit', claim: 'audit.read' },
    ],
  },
];

const allowed = (item: NavLinkItem, claims: readonly string[]) => !item.claim || claims.includes(item.claim);

/**
 * What one user sees: links they hold the claim for, and groups with at least one such link
 * (so Admin shows with settings.crud, users.crud or audit.read). The Profile group only in mobile mode.
 */
export function visibleNavigation(claims: readonly string[], options: { mobile: boolean }): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of NAVIGATION) {
    if (item.kind === 'link') {
      if (allowed(item, claims)) visible.push(item);
      continue;
    }
    if (item.mobileOnly && !options.mobile) continue;
    const children = item.children.filter((child) => allowed(child, claims));
    if (children.length > 0) visible.push({ ...item, children });
  }
  return visible;
}

/** Whether a link is the current page: Home only on '/', others also on their sub-pages (/customers/42). */
export function isActivePath(to: string, pathname: string): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}
