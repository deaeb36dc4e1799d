// Something found at [start, end) of the combined text (order-text.ts), before it becomes an element.
export interface Located<T> {
  value: T;
  start: number;
  end: number;
}
