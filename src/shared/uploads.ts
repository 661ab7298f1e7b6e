// Uploads on the wire, shared by the server and the client: imports nothing (see docs/architecture.md, src/shared).

/** Spec §9: an upload (logo, profile picture, customer document) is at most 2.5 MB. */
export const UPLOAD_MAX_BYTES = 2.5 * 1024 * 1024;
