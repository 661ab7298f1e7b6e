// The offline outbox's wire contract, shared by the server and the client: imports nothing (docs/wire-contract.md).

/** The client-made id (a UUID) of a command; the same id delivered again answers as the first delivery did. */
export const COMMAND_ID_HEADER = 'X-Command-Id';
/** When the person acted on their device (an ISO-8601 instant), for a command sent later from the outbox. */
export const DEVICE_TIME_HEADER = 'X-Device-Time';
/** In an answer: '1' when it is the answer given to an earlier delivery of the same command id, sent again. */
export const COMMAND_REPLAYED_HEADER = 'X-Command-Replayed';
