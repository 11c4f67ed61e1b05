import type { ReactNode } from "react";
import { Loading } from "./states.tsx";

/** One column of a {@link DataTable}. */
export type Column<Row> = {
  /** The header text (`<th scope="col">`); also the column's key, so unique within a table. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes added to the column's body cells (e.g. "whitespace-nowrap", "text-end"), or per row. */
  className?: string | ((row: Row) => string);
  /** Classes added to the column's header cell (e.g. "text-end"). */
  headerClassName?: string;
  /** This column names the row: its cells are `<th scope="row">` (give it a text colour in `className`). */
  rowHeader?: boolean;
  /** A fixed width such as "w-[20%]"; when any column has one, the table lays out with `table-fixed`. */
  width?: string;
};

/** Wide screens show the table, narrower ones the cards (class names spelled out for Tailwind's scanner). */
const BREAKPOINTS = {
  md: { table: "hidden md:block", cards: "md:hidden" },
  lg: { table: "hidden lg:block", cards: "lg:hidden" },
  xl: { table: "hidden xl:block", cards: "xl:hidden" },
} as const;

const DENSITIES = {
  /** The list tables. */
  normal: {
    pad: "px-4",
    th: "px-4 py-3 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase",
    td: "px-4 py-3 align-top text-sm text-slate-700",
  },
  /** Narrower cells for a table with many columns. */
  compact: {
    pad: "px-3",
    th: "px-3 py-3 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase",
    td: "px-3 py-3 align-top text-sm text-slate-700",
  },
} as const;

const CARD_CLASS = "rounded-lg border border-slate-200 bg-white p-4";

type DataTableProps<Row> = {
  /** Names the table for screen readers (an sr-only `<caption>`) and the card list (`aria-label`). */
  caption: string;
  /** The rows; `undefined` while they load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  density?: keyof typeof DENSITIES;
  /** Shown instead of the table while `rows` is undefined (default: "Loading…"). */
  loading?: ReactNode;
  /** Shown instead of the table when there are no rows (default: the table with its headers only). */
  empty?: ReactNode;
  /** Narrow screens: one card per row instead of the table, below the breakpoint `cardsBelow`. */
  card?: (row: Row) => ReactNode;
  cardsBelow?: keyof typeof BREAKPOINTS;
  /** Replaces the card list's layout classes ("space-y-3"), e.g. a grid. */
  cardListClassName?: string;
  /** Replaces a card's classes (a white, bordered, rounded box with p-4). */
  cardClassName?: string;
  /** The row the reader came for (an invoice just paid): marked `aria-current`, row and card, which styles.css highlights. */
  current?: (row: Row) => boolean;
  /**
   * The table is meant to scroll sideways inside itself on a narrow screen (no cards): its box is a
   * named region the keyboard can focus, so arrow keys scroll it.
   */
  scrollable?: boolean;
};

/**
 * The admin list table: `<table>` with an sr-only caption, `<th scope="col">` headers, one row per
 * item, and optionally a card per item on narrow screens. Every list of the app uses it.
 *
 * @example
 * const columns: Column<Invoice>[] = [
 *   { header: "Invoice", rowHeader: true, className: "font-medium text-ink", cell: (invoice) => invoice.number },
 *   { header: "Amount", className: "text-end", headerClassName: "text-end", cell: (invoice) => money(invoice.amountCents) },
 * ];
 * <DataTable
 *   caption="Invoices"
 *   rows={list.data?.rows}
 *   rowKey={(invoice) => invoice.id}
 *   columns={columns}
 *   loading={<Loading label="Loading invoices…" />}
 *   empty={<EmptyState title="No invoices yet" />}
 *   card={(invoice) => <CardHeader title={invoice.number} aside={<InvoiceStatus invoice={invoice} />} />}
 * />
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  density = "normal",
  loading,
  empty,
  card,
  cardsBelow = "lg",
  cardListClassName = "space-y-3",
  cardClassName = CARD_CLASS,
  current,
  scrollable = false,
}: DataTableProps<Row>) {
  if (rows === undefined) return <>{loading ?? <Loading />}</>;
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  const classes = DENSITIES[density];
  const cellClass = (column: Column<Row>, row: Row) =>
    typeof column.className === "function" ? column.className(row) : (column.className ?? "");
  const fixed = columns.some((column) => column.width);
  const breakpoint = BREAKPOINTS[cardsBelow];
  const table = (
    <div
      className={`${card ? `${breakpoint.table} ` : ""}overflow-x-auto rounded-lg border border-slate-200 bg-white${scrollable ? " focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700" : ""}`}
      {...(scrollable ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}
    >
      <table className={`${fixed ? "w-full table-fixed" : "min-w-full"} divide-y divide-slate-200`}>
        <caption className="sr-only">{caption}</caption>
        {fixed ? (
          <colgroup>
            {columns.map((column) => (
              <col key={column.header} className={column.width} />
            ))}
          </colgroup>
        ) : null}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${classes.th} ${column.headerClassName ?? ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={rowKey(row)} aria-current={current?.(row) || undefined}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.header}
                    scope="row"
                    className={`${classes.pad} py-3 text-start align-top text-sm ${cellClass(column, row)}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={`${classes.td} ${cellClass(column, row)}`}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!card) return table;
  return (
    <>
      {table}
      <ul aria-label={caption} className={`${cardListClassName} ${breakpoint.cards}`}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={cardClassName} aria-current={current?.(row) || undefined}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The top of a narrow-screen card: what the row is (at the start) and, say, its status badge (at the end). */
export function CardHeader({ title, aside }: { title: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0 wrap-anywhere">{title}</div>
      {aside}
    </div>
  );
}

/**
 * A card's label/value pairs. Values are slate-700 unless `valueClassName` says otherwise ("" lets
 * them inherit); an item's `className` is added to its value.
 */
export function CardFields({
  items,
  valueClassName = "text-slate-700",
  loose = false,
}: {
  items: readonly { label: string; value: ReactNode; className?: string }[];
  valueClassName?: string;
  /** More room between the rows (values that take two lines). */
  loose?: boolean;
}) {
  return (
    <dl className={`mt-3 grid grid-cols-[auto_1fr] gap-x-3 ${loose ? "gap-y-2" : "gap-y-1"} text-sm wrap-anywhere`}>
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="text-slate-500">{item.label}</dt>
          <dd className={`min-w-0 ${valueClassName} ${item.className ?? ""}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
