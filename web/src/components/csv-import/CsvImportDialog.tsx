import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download, FileUp } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { csvDocument } from "#shared/csv.ts";
import { Button, SecondaryButton } from "../ui/buttons.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { FormAlert, TextAreaField } from "../ui/form.tsx";

/** One row of a server's import preview: its line in the file, its values by column, what is wrong with it. */
export type CsvPreviewRow = { line: number; values: Record<string, string>; problems: string[] };
/** A server's import preview: every row, whether all are good, or why the file cannot be read at all. */
export type CsvPreview<Row extends CsvPreviewRow = CsvPreviewRow> = {
  rows: Row[];
  valid: boolean;
  error: string | null;
};

/** Rows drawn in the preview table at most (the counts say how many more). */
const SHOWN = 200;

export type CsvImportDialogProps<P extends CsvPreview> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, e.g. "Import stops". */
  title: string;
  /** The file input's label, e.g. "Stops file (CSV)". */
  fileLabel: string;
  /** What the file holds: its columns in plain words (the header row must name them). */
  help: ReactNode;
  /** The downloadable template: the header row, written formula-safe (`csvDocument`). */
  template: { fileName: string; header: readonly string[] };
  /** The server's size limit in characters, and its message: a larger file is refused here, before upload. */
  maxChars: number;
  tooLarge: string;
  /** The row's values as table columns, the one naming the row first (the dialog adds Line before it and Problems after it). */
  columns: readonly Column<P["rows"][number]>[];
  /** "3 stops": the commit button reads "Import 3 stops". */
  noun: (count: number) => string;
  /** The server's preview (writes nothing): run with the file's text, its result, whether it is running. */
  preview: { run: (csv: string) => void; data: P | undefined; pending: boolean; reset: () => void };
  /** The server's commit of the previewed text (all or nothing); its toast and the lists' refresh are the caller's. */
  commit: { run: (csv: string) => void; pending: boolean; error: string | null };
  /** More figures of a good preview (e.g. invitations to send), after the row counts. */
  summary?: (preview: P) => ReactNode;
};

/**
 * Import a CSV file, previewed row by row before anything is written (ADR 0052): choose a file or
 * paste its text, see each row's problems in plain words and the counts, then Import N rows — only
 * when no row has a problem, since the server writes all rows or none. A file over the server's
 * limit is refused here, before it is sent. The preview table scrolls sideways inside itself on a
 * phone; the page never does.
 */
export function CsvImportDialog<P extends CsvPreview>({
  open,
  onOpenChange,
  title,
  fileLabel,
  help,
  template,
  maxChars,
  tooLarge,
  columns,
  noun,
  preview,
  commit,
  summary,
}: CsvImportDialogProps<P>) {
  type Row = P["rows"][number];
  const { t } = useLingui();
  const fileId = useId();
  const [pasted, setPasted] = useState("");
  /** The text the preview is of: commit sends exactly this. */
  const [checked, setChecked] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** What was checked, in words: the file's name or "The pasted rows". */
  const [source, setSource] = useState("");

  const check = (text: string, from: string) => {
    preview.reset();
    setChecked(null);
    setSource(from);
    if (text.length > maxChars) {
      setRefusal(tooLarge);
      return;
    }
    setRefusal(null);
    setChecked(text);
    preview.run(text);
  };

  const result = checked !== null ? preview.data : undefined;
  const bad = result?.rows.filter((row) => row.problems.length > 0) ?? [];
  const good = (result?.rows.length ?? 0) - bad.length;
  const nounOfGood = noun(good);
  const ready = result !== undefined && result.error === null && result.valid && result.rows.length > 0;
  const shown = bad.length > 0 ? bad : (result?.rows ?? []);
  const problemsColumn: Column<Row> = {
    header: t`Problems`,
    className: "min-w-52 text-red-800",
    cell: (row) => (
      <ul className="list-disc ps-4">
        {row.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    ),
  };
  // The problems right after the column that names the row: on a phone they are in view before any scrolling.
  const [first, ...rest] = columns;
  const tableColumns: Column<Row>[] = [
    { header: t`Line`, className: "whitespace-nowrap", cell: (row) => row.line },
    ...(first ? [first] : []),
    ...(bad.length > 0 ? [problemsColumn] : []),
    ...rest,
  ];
  const columnNames = template.header.join(", ");
  const rowCount = result?.rows.length ?? 0;
  const badCount = bad.length;
  const more = shown.length - SHOWN;
  const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(csvDocument(template.header, []))}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} wide>
      <div className="space-y-2 text-sm text-slate-700">
        {help}
        <p>
          <Trans>
            The first row names the columns:{" "}
            <span className="font-medium wrap-anywhere text-ink" dir="ltr">
              {columnNames}
            </span>
            .
          </Trans>{" "}
          <a
            href={templateHref}
            download={template.fileName}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline underline-offset-2"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            <Trans>Download the template</Trans>
          </a>
        </p>
      </div>
      <div className="mt-4">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
          {fileLabel}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block min-h-11 w-full text-sm text-slate-700 file:me-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium"
          onChange={async (event) => {
            const input = event.target;
            const file = input.files?.[0];
            if (!file) return;
            // Cleared, so that choosing the same file again once it is fixed checks it again.
            input.value = "";
            // A character takes at most 4 bytes: a file larger than that is refused without reading it.
            if (file.size > maxChars * 4) {
              preview.reset();
              setChecked(null);
              setRefusal(tooLarge);
              return;
            }
            check(await file.text(), file.name);
          }}
        />
      </div>
      <details className="mt-3 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium text-brand-800">
          <Trans>Or paste the rows</Trans>
        </summary>
        <TextAreaField
          label={t`Rows (CSV, with the header row)`}
          className="mt-2"
          rows={5}
          spellCheck={false}
          dir="ltr"
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
        />
        <SecondaryButton
          className="mt-2 min-h-11"
          disabled={pasted.trim() === ""}
          onClick={() => check(pasted, t`The pasted rows`)}
        >
          <Trans>Check the rows</Trans>
        </SecondaryButton>
      </details>

      <div aria-live="polite" className="mt-4 space-y-3">
        {refusal ? <FormAlert>{refusal}</FormAlert> : null}
        {preview.pending ? (
          <p className="text-sm text-slate-600">
            <Trans>Checking the file…</Trans>
          </p>
        ) : null}
        {result?.error ? (
          <FormAlert>
            <span className="wrap-anywhere">{source}</span>: {result.error}
          </FormAlert>
        ) : null}
        {result && result.error === null ? (
          <p className="text-sm text-slate-800">
            <span className="font-medium">
              <span className="wrap-anywhere">{source}</span>:{" "}
              {t`${plural(rowCount, { one: "# row", other: "# rows" })}: ${good} ready, ${plural(badCount, { one: "# with a problem", other: "# with problems" })}.`}
            </span>{" "}
            {bad.length > 0
              ? t`Nothing is imported while a row has a problem: fix the file and choose it again.`
              : t`Nothing is written until you import.`}{" "}
            {summary?.(result)}
          </p>
        ) : null}
        {commit.error ? <FormAlert>{commit.error}</FormAlert> : null}
      </div>
      {result && result.error === null && shown.length > 0 ? (
        <div className="mt-3">
          <DataTable
            caption={bad.length > 0 ? t`Rows with problems` : t`Rows to import`}
            rows={shown.slice(0, SHOWN)}
            rowKey={(row) => String(row.line)}
            columns={tableColumns}
            density="compact"
            scrollable
          />
          {shown.length > SHOWN ? (
            <p className="mt-2 text-sm text-slate-600">
              {bad.length > 0
                ? t`…and ${plural(more, { one: "# more row with problems", other: "# more rows with problems" })}.`
                : t`…and ${plural(more, { one: "# more row", other: "# more rows" })}.`}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <SecondaryButton className="min-h-11" onClick={() => onOpenChange(false)}>
          <Trans>Cancel</Trans>
        </SecondaryButton>
        <Button
          type="button"
          className="min-h-11"
          disabled={!ready || commit.pending}
          onClick={() => checked !== null && !commit.pending && commit.run(checked)}
        >
          <FileUp aria-hidden="true" className="h-4 w-4" />
          {commit.pending ? t`Importing…` : ready ? t`Import ${nounOfGood}` : t`Import`}
        </Button>
      </div>
    </Dialog>
  );
}
