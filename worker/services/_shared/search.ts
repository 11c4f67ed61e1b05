const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `%term%` for LIKE … ESCAPE '\\', with the wildcard characters of the term escaped. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `term%` for LIKE … ESCAPE '\\' (starts with). */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`;
}
