import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from '../features/account/ForgotPasswordPage';
import { LoginPage } from '../features/account/LoginPage';
import { LogoutPage } from '../features/account/LogoutPage';
import { ResetPasswordPage } from '../features/account/ResetPasswordPage';
import { InvitationPage } from '../features/account/InvitationPage';
import { loginPathFor } from '../features/account/returnUrl';
import { endClientSession } from '../features/session/endSession';
import { RequireClaim } from '../features/session/RequireClaim';
import { RequireSession } from '../features/session/RequireSession';
import type { Claim } from '../../../src/shared/session';
import { CrashPage } from '../shared/CrashPage';
import { LoadingScreen } from '../shared/LoadingScreen';
import { NotFoundPage } from '../shared/NotFoundPage';
import { configureApi } from './api';
import { paths } from './paths';
import { useAppStore } from './store';

const guarded = (claim: Claim, children: RouteObject[]): RouteObject => ({
  element: <RequireClaim claim={claim} />,
  children,
});

/**
 * Screens load on first visit, so signing in does not wait for every screen's code; so does the
 * signed-in shell (top bar with the timer, navigation, live updates), which the sign-in page never needs.
 */
const screens = {
  shell: async () => ({ Component: (await import('../features/shell/AppLayout')).AppLayout }),
  home: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }),
  scheduling: async () => ({ Component: (await import('../features/scheduling/SchedulePage')).SchedulePage }),
  customers: async () => ({ Component: (await import('../features/customers/CustomersPage')).CustomersPage }),
  customer: async () => ({ Component: (await import('../features/customers/CustomerDetailPage')).CustomerDetailPage }),
  users: async () => ({ Component: (await import('../features/users/UsersPage')).UsersPage }),
  myJobRatings: async () => ({ Component: (await import('../features/ratings/MyJobRatingsPage')).MyJobRatingsPage }),
  feedback: async () => ({ Component: (await import('../features/ratings/FeedbackPage')).FeedbackPage }),
  unsubscribe: async () => ({
    Component: (await import('../features/customers/UnsubscribePage')).UnsubscribePage,
  }),
  booking: async () => ({ Component: (await import('../features/booking/BookingPage')).BookingPage }),
  sharedBooking: async () => ({
    Component: (await import('../features/booking/SharedBookingPage')).SharedBookingPage,
  }),
  myTrackedTimes: async () => ({ Component: (await import('../features/timers/TrackedTimesPage')).MyTrackedTimesPage }),
  organizationTrackedTimes: async () => ({
    Component: (await import('../features/timers/TrackedTimesPage')).OrganizationTrackedTimesPage,
  }),
  // Pay periods' timesheets and payroll exports (issue #30).
  timesheets: async () => ({ Component: (await import('../features/payroll/TimesheetsPage')).TimesheetsPage }),
  personTimesheet: async () => ({
    Component: (await import('../features/payroll/TimesheetPages')).PersonTimesheetPage,
  }),
  myTimesheet: async () => ({ Component: (await import('../features/payroll/TimesheetPages')).MyTimesheetPage }),
  organizationSettings: async () => ({
    Component: (await import('../features/organization/OrganizationSettingsPage')).OrganizationSettingsPage,
  }),
  profile: async () => ({ Component: (await import('../features/profile/ProfilePage')).ProfilePage }),
  changePassword: async () => ({
    Component: (await import('../features/account/ChangePasswordPage')).ChangePasswordPage,
  }),
  support: async () => ({ Component: (await import('../features/support/SupportPage')).SupportPage }),
  auditLog: async () => ({ Component: (await import('../features/audit/AuditLogPage')).AuditLogPage }),
  // The reports bring the charts library (recharts): it loads with them, never with the first page.
  jobsReport: async () => ({ Component: (await import('../features/reports/JobsReportPage')).JobsReportPage }),
  ratingsReport: async () => ({
    Component: (await import('../features/reports/RatingsReportPage')).RatingsReportPage,
  }),
};

/** Every page in the signed-in shell, each behind its claim. */
const signedIn: RouteObject[] = [
  { index: true, lazy: screens.home },
  guarded('jobs.crud', [{ path: paths.scheduling, lazy: screens.scheduling }]),
  guarded('customers.crud', [
    { path: paths.customers, lazy: screens.customers },
    { path: `${paths.customers}/:id`, lazy: screens.customer },
  ]),
  { path: paths.myJobRatings, lazy: screens.myJobRatings },
  { path: paths.myTrackedTimes, lazy: screens.myTrackedTimes },
  { path: paths.myTimesheet, lazy: screens.myTimesheet },
  guarded('reports.read', [
    { path: paths.jobsReport, lazy: screens.jobsReport },
    { path: paths.ratingsReport, lazy: screens.ratingsReport },
  ]),
  guarded('users.crud', [
    { path: paths.organizationTrackedTimes, lazy: screens.organizationTrackedTimes },
    { path: paths.users, lazy: screens.users },
    { path: paths.timesheets, lazy: screens.timesheets },
    { path: `${paths.timesheets}/:start/:userId`, lazy: screens.personTimesheet },
  ]),
  guarded('settings.crud', [{ path: paths.organizationSettings, lazy: screens.organizationSettings }]),
  guarded('audit.read', [{ path: paths.auditLog, lazy: screens.auditLog }]),
  { path: paths.profile, lazy: screens.profile },
  { path: paths.changePassword, lazy: screens.changePassword },
  { path: paths.supportLogin, lazy: screens.support },
  { path: '*', element: <NotFoundPage /> },
];

/** Spec §2. Signed-out pages stand alone; every other page sits in the app shell behind its claim. */
const routes: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: `${paths.invitation}/:token`, element: <InvitationPage /> },
  { path: paths.logout, element: <LogoutPage /> },
  // The customers' public feedback page: no session, nothing of the staff's app.
  { path: paths.feedback, lazy: screens.feedback, hydrateFallbackElement: <LoadingScreen fullPage /> },
  // The customers' public unsubscribe page (#31): the same; opening it changes nothing.
  { path: paths.unsubscribe, lazy: screens.unsubscribe, hydrateFallbackElement: <LoadingScreen fullPage /> },
  // Self-booking's public pages (#16): the same, for visitors booking a service and their booked visit.
  { path: paths.booking, lazy: screens.booking, hydrateFallbackElement: <LoadingScreen fullPage /> },
  { path: paths.sharedBooking, lazy: screens.sharedBooking, hydrateFallbackElement: <LoadingScreen fullPage /> },
  {
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    // What a full load of a signed-in page shows while its code arrives.
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [{ lazy: screens.shell, children: signedIn }],
  },
];

// One error element above every page, signed in or not: a screen that throws shows the crash page, not the router's own.
export const router = createBrowserRouter([{ errorElement: <CrashPage />, children: routes }]);

const SIGNED_OUT_PAGES = [paths.login, paths.logout, paths.forgotPassword, paths.resetPassword].map((p) =>
  p.toLowerCase(),
);

configureApi({
  csrfToken: () => useAppStore.getState().session?.csrfToken,
  /** Any 401: the session is gone. Forget it and sign in again, coming back here afterwards. */
  onUnauthorized: () => {
    const { location } = router.state;
    if (SIGNED_OUT_PAGES.includes(location.pathname.toLowerCase())) return;
    endClientSession();
    void router.navigate(loginPathFor(location), { replace: true });
  },
});
