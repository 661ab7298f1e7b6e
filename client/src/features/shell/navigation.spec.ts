import { describe, expect, it } from 'vitest';
import { isActivePath, visibleNavigation, type NavItem } from './navigation';

const labels = (items: NavItem[]) =>
  items.map((item) =>
    item.kind === 'link' ? item.label : `${item.label}[${item.children.map((c) => c.label).join(', ')}]`,
  );

describe('visibleNavigation', () => {
  it('shows an associate only the screens every user has', () => {
    expect(labels(visibleNavigation([], { mobile: false }))).toEqual([
      'Home',
      'My Job Ratings',
      'My Tracked Times',
      'My Timesheet',
    ]);
  });

  it('shows a company admin everything except the mobile-only Profile group on desktop', () => {
    const all = ['jobs.crud', 'customers.crud', 'reports.read', 'users.crud', 'settings.crud', 'audit.read'];
    expect(labels(visibleNavigation(all, { mobile: false }))).toEqual([
      'Home',
      'Job Schedule',
      'Customers',
      'My Job Ratings',
      'My Tracked Times',
      'My Timesheet',
      'Reports[Jobs Report, Ratings Report]',
      'Admin[Organization Tracked Times, Timesheets, Users, Organization Settings, Audit Log]',
    ]);
  });

  it('adds the Profile group in mobile mode', () => {
    expect(labels(visibleNavigation([], { mobile: true }))).toContain('Profile[My Profile, Change Password]');
  });

  it('shows the Admin group with settings.crud alone, holding only Organization Settings', () => {
    expect(labels(visibleNavigation(['settings.crud'], { mobile: false }))).toContain('Admin[Organization Settings]');
  });

  it('shows the Admin group with audit.read alone, holding the Audit Log', () => {
    expect(labels(visibleNavigation(['audit.read'], { mobile: false }))).toContain('Admin[Audit Log]');
  });

  it('shows the Admin group with users.crud alone, holding tracked times, timesheets and users', () => {
    expect(labels(visibleNavigation(['users.crud'], { mobile: false }))).toContain(
      'Admin[Organization Tracked Times, Timesheets, Users]',
    );
  });

  it('hides Reports without reports.read and Admin without either admin claim', () => {
    const items = labels(visibleNavigation(['jobs.crud', 'customers.crud'], { mobile: false }));
    expect(items.some((l) => l.startsWith('Reports'))).toBe(false);
    expect(items.some((l) => l.startsWith('Admin'))).toBe(false);
    expect(items).toContain('Job Schedule');
    expect(items).toContain('Customers');
  });
});

describe('isActivePath', () => {
  it('marks Home only on the root', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/admin/users')).toBe(false);
  });

  it('marks a section on its sub-pages, ignoring case', () => {
    expect(isActivePath('/customers', '/customers/42')).toBe(true);
    expect(isActivePath('/ManageAccount/ChangePassword', '/manageaccount/changepassword')).toBe(true);
    expect(isActivePath('/jobs', '/jobsreport')).toBe(false);
  });
});
