// My profile on the wire (GET /api/profile), shared by the server and the client: imports nothing (see
// docs/wire-contract.md).

export interface ProfileView {
  firstName: string;
  lastName: string;
  phone: string | null;
  /** The address I sign in with. */
  email: string;
  profilePictureUrl: string | null;
  /** Tomorrow's jobs by e-mail (issue #31 item 3; CrewDaySettings in notices.ts), the defaults filled in. */
  crewDayEmail: boolean;
  /** 0–23, the organization's zone. */
  crewDayEmailHour: number;
}
