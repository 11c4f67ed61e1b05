import { PUPIL_COLUMNS } from "#shared/pupils.ts";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "#shared/route-imports.ts";
import { CsvImportDialog, type CsvPreviewRow } from "../../../components/csv-import/CsvImportDialog.tsx";
import { csvImportMutations } from "../../../components/csv-import/mutations.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { countOf as count } from "../../../components/ui/format.ts";
import { useCommitPupilImport, usePreviewPupilImport } from "../../../features/pupils/hooks.ts";

const COLUMNS: readonly Column<CsvPreviewRow>[] = [
  { header: "Pupil", rowHeader: true, className: "min-w-32 text-ink wrap-anywhere", cell: (row) => row.values.pupil },
  { header: "Guardian 1", className: "min-w-40 wrap-anywhere", cell: (row) => row.values["guardian 1 email"] },
];

/**
 * Import pupils (ADR 0053): a CSV of pupils with one or two guardians each, in the shared import
 * dialog (ADR 0052). The preview lists every row's problems and how many parents' accounts are
 * matched and invitations would go out; Import writes all rows or none and queues the new
 * guardians' invitations (one e-mail per address).
 */
export default function PupilImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = usePreviewPupilImport();
  const commit = useCommitPupilImport(() => onOpenChange(false));
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import pupils"
      fileLabel="Pupils file (CSV)"
      help={
        <p>
          One pupil a row, with one or two guardians (guardian 2, emergency contact, allergies and special needs may be
          left empty). Parents with an account at your school are matched by e-mail; the others get one invitation
          e-mail each.
        </p>
      }
      template={{ fileName: "pupils-template.csv", header: PUPIL_COLUMNS }}
      maxChars={IMPORT_LIMITS.maxChars}
      tooLarge={IMPORT_MESSAGES.tooLarge}
      columns={COLUMNS}
      noun={(n) => count(n, "pupil", "pupils")}
      summary={(result) =>
        `${count(result.matched, "parent's account", "parents' accounts")} matched, ${count(result.invitations, "invitation e-mail", "invitation e-mails")} to send.`
      }
      {...csvImportMutations(
        preview,
        (csv) => ({ csv }),
        commit,
        (csv) => ({ csv }),
      )}
    />
  );
}
