// Customer views on the wire, shared by the server and the client: imports nothing (see docs/architecture.md, src/shared).

/** A document in a customer's Attached Documents (spec §3 Attachment). */
export interface AttachmentView {
  id: string;
  /** The name shown. */
  name: string;
  /** The name the file was uploaded with, offered back on download. */
  fileName: string;
  /** Where the file downloads from (`/api/attachments/{id}/file`). */
  url: string;
  /** UTC ISO instant. */
  dateUploaded: string;
  customerId: string;
  /** Bytes. */
  size: number;
  /** What the bytes were found to be (never what the upload claimed). */
  contentType: string;
  uploadedBy: { id: string; fullName: string } | null;
}

/** A row of a customer's Jobs & Ratings: a one-time job or one occurrence of a recurring job. */
export interface CustomerJobView {
  id: string;
  name: string;
  startDateTime: string;
  endDateTime: string;
  users: { id: string; fullName: string }[];
  leadUser: { id: string; fullName: string } | null;
  /** Always null until ratings exist (a later issue fills it). */
  rating: number | null;
  isRecurring: boolean;
}
