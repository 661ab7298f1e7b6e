// What the customer is told about their visit (issue #31), on the wire: imports nothing (see docs/wire-contract.md).

/** "On my way": the arrival a crew member chooses, in minutes from now. */
export const ON_MY_WAY_ETA_MINUTES = [15, 30, 45, 60] as const;
export type OnMyWayEta = (typeof ON_MY_WAY_ETA_MINUTES)[number];
