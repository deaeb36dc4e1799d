// The list envelope of the interface (FastAPI-pagination shape): items, total, page, size, pages.
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export interface PageRequest {
  page: number;
  size: number;
}

export function pageOf<T>(items: T[], total: number, request: PageRequest): Page<T> {
  return { items, total, page: request.page, size: request.size, pages: Math.ceil(total / request.size) };
}

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.size;
}
