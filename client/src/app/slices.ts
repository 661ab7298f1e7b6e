/** What a slice may do to the combined store: update its own fields. Slices stay testable on their own. */
export type SetSlice<T> = (partial: Partial<T> | ((state: T) => Partial<T>)) => void;
