/** A `setSearchParams` updater that removes one parameter and keeps the others. */
export function withoutParam(key: string) {
  return (previous: URLSearchParams) => {
    const next = new URLSearchParams(previous);
    next.delete(key);
    return next;
  };
}
