// Paging on the wire, shared by the server and the client: imports nothing (see docs/wire-contract.md).

/** A page of a table as the `…/paged` endpoints answer it. */
export interface Paged<T> {
  resultItems: T[];
  totalRecords: number;
}

/** Spec §9: tracked times, 50 a page (newest first). */
export const TIMERS_PAGE_SIZE = 50;

/** Spec §9: users, 50 a page (by first name). */
export const USERS_PAGE_SIZE = 50;

/** Spec §9: the Customer List, 20 a page (name descending). */
export const CUSTOMERS_PAGE_SIZE = 20;

/** Spec §9: a customer's attached documents, 10 a page (newest first). */
export const ATTACHMENTS_PAGE_SIZE = 10;

/** Spec §9: a customer's Jobs & Ratings, 10 a page (newest first). */
export const CUSTOMER_JOBS_PAGE_SIZE = 10;

/** Spec §9: a customer's ratings, 10 a page (newest first). */
export const CUSTOMER_RATINGS_PAGE_SIZE = 10;

/** Spec §9: My Job Ratings, 50 a page (newest first). */
export const MY_RATINGS_PAGE_SIZE = 50;
