import { FileUp } from "lucide-react";
import { useId, useState } from "react";
import { PUPIL_COLUMNS } from "#shared/pupils.ts";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Button, FormAlert } from "../../../components/ui/form.tsx";
import { useCommitPupilImport, usePreviewPupilImport } from "../../../features/pupils/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";

type Preview = RouterOutputs["schoolAdmin"]["pupils"]["import"]["preview"];
type Row = Preview["rows"][number];

/** Rows with problems shown at most (the count says how many more). */
const SHOWN = 200;

const COLUMNS: readonly Column<Row>[] = [
  { header: "Line", cell: (row) => row.line, className: "whitespace-nowrap" },
  { header: "Pupil", cell: (row) => row.values.pupil, rowHeader: true, className: "text-ink wrap-anywhere" },
  { header: "Guardian 1", cell: (row) => row.values["guardian 1 email"], className: "wrap-anywhere" },
  {
    header: "Problems",
    cell: (row) => (
      <ul className="list-disc pl-4 text-red-800">
        {row.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    ),
  },
];

/**
 * Import pupils (ADR 0053): a CSV of pupils with one or two guardians each. The preview lists every
 * row's problems before anything is written; Import writes all rows or none and queues the new
 * guardians' invitations (one e-mail per address).
 */
export default function PupilImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const preview = usePreviewPupilImport();
  const commit = useCommitPupilImport(() => onOpenChange(false));
  const result = preview.data;
  const bad = result?.rows.filter((row) => row.problems.length > 0) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Import pupils" wide>
      <p className="text-sm text-slate-700">
        A CSV file with a header row naming the columns <span className="font-medium">{PUPIL_COLUMNS.join(", ")}</span>{" "}
        (guardian 2, emergency contact, allergies and special needs may be left empty). Parents with an account at your
        school are matched by e-mail; the others get one invitation e-mail each.
      </p>
      <div className="mt-4">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
          Pupils file (CSV)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            preview.reset();
            const text = file ? await file.text() : null;
            setCsv(text);
            if (text !== null) preview.mutate({ csv: text });
          }}
        />
      </div>
      <div aria-live="polite" className="mt-4 space-y-3">
        {preview.isPending ? <p className="text-sm text-slate-600">Checking the file…</p> : null}
        {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
        {result && !result.error ? (
          <p className="text-sm text-slate-800">
            {result.rows.length} rows: {result.pupils} pupils ready, {result.matched} parents' accounts matched,{" "}
            {result.invitations} invitation e-mails to send.{" "}
            {bad.length > 0 ? `${bad.length} rows have problems: fix them in the file and choose it again.` : null}
          </p>
        ) : null}
      </div>
      {bad.length > 0 ? (
        <div className="mt-3">
          <DataTable
            caption="Rows with problems"
            rows={bad.slice(0, SHOWN)}
            rowKey={(row) => String(row.line)}
            columns={COLUMNS}
            density="compact"
            card={(row) => (
              <div className="text-sm wrap-anywhere">
                <p className="font-medium text-ink">
                  Line {row.line}: {row.values.pupil || "(no name)"}
                </p>
                <ul className="mt-1 list-disc pl-4 text-red-800">
                  {row.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </div>
            )}
          />
          {bad.length > SHOWN ? (
            <p className="mt-2 text-sm text-slate-600">…and {bad.length - SHOWN} more rows with problems.</p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="min-h-11 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </button>
        <Button
          type="button"
          className="min-h-11"
          disabled={!result?.valid || csv === null || commit.isPending}
          onClick={() => csv !== null && !commit.isPending && commit.mutate({ csv })}
        >
          <FileUp aria-hidden="true" className="h-4 w-4" />
          {commit.isPending ? "Importing…" : result?.valid ? `Import ${result.pupils} pupils` : "Import"}
        </Button>
      </div>
    </Dialog>
  );
}
