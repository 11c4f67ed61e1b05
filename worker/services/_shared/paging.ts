/** The rows to skip for a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** One page of a list as every paginated procedure answers it (at least one page, even when empty). */
export function pageOf<T>(rows: T[], total: number, page: number, pageSize: number) {
  return { rows, total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
}
