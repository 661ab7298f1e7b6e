// Uploads on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

/** Spec §9: an upload (logo, profile picture, customer document) is at most 2.5 MB. */
export const UPLOAD_MAX_BYTES = 2.5 * 1024 * 1024;

/**
 * Unicode's bidirectional controls (embeddings and overrides U+202A–202E, isolates U+2066–2069, the marks
 * U+200E/200F) and the byte-order mark U+FEFF. In a name shown as a file name they reorder what a person
 * reads: `invoice\u202Efdp.txt` shows as `invoicetxt.pdf`. One character class, no backtracking.
 */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A name without bidirectional controls (see BIDI_CONTROLS): names are cleaned of them on the way in. */
export const withoutBidiControls = (name: string): string => name.replace(BIDI_CONTROLS, '');
