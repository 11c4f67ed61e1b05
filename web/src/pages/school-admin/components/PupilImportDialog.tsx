import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PUPIL_COLUMNS } from "#shared/pupils.ts";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "#shared/route-imports.ts";
import { CsvImportDialog, type CsvPreviewRow } from "../../../components/csv-import/CsvImportDialog.tsx";
import { csvImportMutations } from "../../../components/csv-import/mutations.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { useCommitPupilImport, usePreviewPupilImport } from "../../../features/pupils/hooks.ts";

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
  const { t } = useLingui();
  const columns: readonly Column<CsvPreviewRow>[] = [
    {
      header: t`Pupil`,
      rowHeader: true,
      className: "min-w-32 text-ink wrap-anywhere",
      cell: (row) => row.values.pupil,
    },
    { header: t`Guardian 1`, className: "min-w-40 wrap-anywhere", cell: (row) => row.values["guardian 1 email"] },
  ];
  const preview = usePreviewPupilImport();
  const commit = useCommitPupilImport(() => onOpenChange(false));
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Import pupils`}
      fileLabel={t`Pupils file (CSV)`}
      help={
        <p>
          <Trans>
            One pupil a row, with one or two guardians (guardian 2, emergency contact, allergies and special needs may
            be left empty). Parents with an account at your school are matched by e-mail; the others get one invitation
            e-mail each.
          </Trans>
        </p>
      }
      template={{ fileName: "pupils-template.csv", header: PUPIL_COLUMNS }}
      maxChars={IMPORT_LIMITS.maxChars}
      tooLarge={IMPORT_MESSAGES.tooLarge}
      columns={columns}
      noun={(n) => t`${plural(n, { one: "# pupil", other: "# pupils" })}`}
      summary={({ matched, invitations }) =>
        t`${plural(matched, { one: "# parent's account", other: "# parents' accounts" })} matched, ${plural(invitations, { one: "# invitation e-mail", other: "# invitation e-mails" })} to send.`
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
