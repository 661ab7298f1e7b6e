/** A timer as the API shows it (spec §3 Timer); shared with the client (type-only, no imports). */
export interface TimerView {
  id: string;
  type: 'Unassigned' | 'Mileage' | 'Job';
  startDateTime: string;
  /** null while it runs. */
  endDateTime: string | null;
  mileageStart: number | null;
  mileageEnd: number | null;
  jobId: string | null;
  jobName: string | null;
  label: string | null;
  userId: string;
  userFullName: string;
  customerName: string | null;
  createdAt: string;
}
