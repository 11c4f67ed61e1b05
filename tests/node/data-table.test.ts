/**
 * The list table every admin screen builds on (web/src/components/ui/data-table.tsx), rendered to
 * markup: the accessible table, the per-row cells, and the loading, empty and narrow-screen states.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, DataTable } from "../../web/src/components/ui/data-table.tsx";

type Row = { id: string; name: string; active: boolean };
const ROWS: Row[] = [
  { id: "a", name: "Ada", active: true },
  { id: "b", name: "Bo", active: false },
];
const COLUMNS: Column<Row>[] = [
  { header: "Name", rowHeader: true, className: "font-medium text-ink", cell: (row) => row.name },
  {
    header: "Status",
    className: (row) => (row.active ? "text-green-800" : "text-slate-500"),
    cell: (row) => (row.active ? "Active" : "Inactive"),
  },
];

const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, {
      caption: "People",
      rows: ROWS,
      rowKey: (row) => row.id,
      columns: COLUMNS,
      ...props,
    }),
  );

describe("DataTable", () => {
  it("renders a captioned table with column headers and one row per item, named by its row header", () => {
    const html = render({});
    expect(html).toContain('<caption class="sr-only">People</caption>');
    expect(html.match(/<th scope="col"[^>]*>(\w+)<\/th>/g)?.map((th) => th.replace(/<[^>]+>/g, ""))).toEqual([
      "Name",
      "Status",
    ]);
    expect(html.match(/<th scope="row"[^>]*>(\w+)<\/th>/g)?.map((th) => th.replace(/<[^>]+>/g, ""))).toEqual([
      "Ada",
      "Bo",
    ]);
    expect(html).toMatch(/<td class="[^"]*text-green-800[^"]*">Active<\/td>/);
    expect(html).toMatch(/<td class="[^"]*text-slate-500[^"]*">Inactive<\/td>/);
    expect(html).not.toContain("<ul");
  });

  it("shows the loading state while rows are undefined and the empty state when there are none", () => {
    expect(render({ rows: undefined, loading: createElement("p", null, "Loading people…") })).toBe(
      "<p>Loading people…</p>",
    );
    expect(render({ rows: [], empty: createElement("p", null, "No people yet") })).toBe("<p>No people yet</p>");
    // Without an empty state, an empty list is still a table with its headers.
    expect(render({ rows: [] })).toContain('<th scope="col"');
  });

  it("adds a labelled card list for narrow screens and hides the table below the breakpoint", () => {
    const html = render({ card: (row) => createElement("span", null, `card ${row.name}`), cardsBelow: "md" });
    expect(html).toContain('class="hidden md:block overflow-x-auto');
    expect(html).toMatch(/<ul aria-label="People" class="space-y-3 md:hidden">/);
    expect(html.match(/<li [^>]*><span>card \w+<\/span><\/li>/g)).toHaveLength(2);
  });
});
