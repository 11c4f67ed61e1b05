/**
 * The one loading / failed / empty / content switch the pages share (web/src/components/ui/states.tsx),
 * rendered to markup.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QueryState } from "../../web/src/components/ui/states.tsx";

type Query = Parameters<typeof QueryState<string[]>>[0]["query"];
const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  data: undefined,
  error: null,
  refetch: () => undefined,
  ...state,
});

const render = (state: Partial<Query>, keepDataOnError = false) =>
  // Called as a function (it has no hooks): its children are a render function, not elements.
  renderToStaticMarkup(
    QueryState<string[]>({
      query: query(state),
      loading: "Loading rows…",
      failed: "Failed to load rows.",
      isEmpty: (rows) => rows.length === 0,
      empty: createElement("p", null, "No rows"),
      keepDataOnError,
      children: (rows) => createElement("ul", null, rows.join(",")),
    }),
  );

describe("QueryState", () => {
  it("announces the loading state with the page's label", () => {
    expect(render({ isPending: true })).toBe(
      '<p role="status" aria-live="polite" class="py-8 text-center text-slate-500" data-loading="">Loading rows…</p>',
    );
  });

  it("shows what failed, the server's reason and Try again", () => {
    const html = render({ isError: true, error: new Error("Database unavailable") });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Failed to load rows.");
    expect(html).toContain("Try again</button>");
  });

  it("shows the empty state when the data is empty, the content otherwise", () => {
    expect(render({ data: [] })).toBe("<p>No rows</p>");
    expect(render({ data: ["a", "b"] })).toBe("<ul>a,b</ul>");
  });

  it("a failed refetch replaces the rows it had, unless the page keeps them", () => {
    expect(render({ isError: true, data: ["a"] })).toContain("Failed to load rows.");
    expect(render({ isError: true, data: ["a"] }, true)).toBe("<ul>a</ul>");
    expect(render({ isError: true }, true)).toContain("Failed to load rows.");
  });
});
