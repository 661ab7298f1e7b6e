/** Every route of the product (spec §2). Page routes and the server's form posts share some paths. */
export const paths = {
  home: '/',
  scheduling: '/scheduling',
  customers: '/customers',
  customer: (id: string) => `/customers/${encodeURIComponent(id)}`,
  myJobRatings: '/jobs',
  /** The customers' public feedback page (the link in a rating request's e-mail). */
  feedback: '/feedback/:token',
  /** A customer's public unsubscribe page (the link at the foot of visit reminders and feedback requests, #31). */
  unsubscribe: '/unsubscribe/:token',
  /** Self-booking's public pages (#16): a booking link's page, and a booked visit's own page. */
  booking: '/book/:linkId',
  sharedBooking: '/share/booking/:id',
  myTrackedTimes: '/timers',
  /** Pay periods' timesheets (issue #30): the manager's period screen (?date=), a person's sheet, one's own (?date=). */
  timesheets: '/timesheets',
  timesheetsFor: (date: string) => `/timesheets?date=${encodeURIComponent(date)}`,
  timesheet: (start: string, userId: string) =>
    `/timesheets/${encodeURIComponent(start)}/${encodeURIComponent(userId)}`,
  myTimesheet: '/my-timesheet',
  jobsReport: '/reports/jobs',
  ratingsReport: '/reports/ratings',
  organizationTrackedTimes: '/admin/timers',
  users: '/admin/users',
  organizationSettings: '/admin/settings',
  /** The organization's audit log (#17). */
  auditLog: '/admin/audit',
  profile: '/profile',
  login: '/account/login',
  logout: '/account/logout',
  supportLogin: '/account/supportlogin',
  changePassword: '/ManageAccount/ChangePassword',
  forgotPassword: '/forgotpassword/index',
  resetPassword: '/forgotpassword/reset',
  /** An invitation's public page (#26): the token is the last segment; the same path takes the form's post. */
  invitation: '/account/invitation',
} as const;

export const PRODUCT_NAME = 'CrewClock';
