import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { IMPORT_LIMITS, IMPORT_MESSAGES, RIDER_COLUMNS } from "#shared/route-imports.ts";
import { CsvImportDialog, type CsvPreviewRow } from "../../../components/csv-import/CsvImportDialog.tsx";
import { csvImportMutations } from "../../../components/csv-import/mutations.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { useCommitRiderImport, usePreviewRiderImport } from "../../../features/routes/import-hooks.ts";

/** The preview's columns, their headers in the reader's language. */
const columns = (): readonly Column<CsvPreviewRow>[] => [
  { header: t`Child`, rowHeader: true, className: "min-w-32 text-ink wrap-anywhere", cell: (row) => row.values.child },
  { header: t`Route`, className: "min-w-32 wrap-anywhere", cell: (row) => row.values.route },
  { header: t`Stop`, className: "min-w-40 wrap-anywhere", cell: (row) => row.values.stop },
  { header: t`Weekdays`, className: "min-w-28", cell: (row) => row.values.weekdays },
  { header: t`From`, className: "whitespace-nowrap", cell: (row) => row.values.from },
  { header: t`To`, className: "whitespace-nowrap", cell: (row) => row.values.to },
];

/**
 * Import riders (CSV) on the Routes page (ADR 0052): each row assigns one of the school's children to
 * a route's stop, replacing their assignment in that route's direction; all rows or none.
 */
export default function RiderImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = usePreviewRiderImport();
  const commit = useCommitRiderImport(() => onOpenChange(false));
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Import riders`}
      fileLabel={t`Riders file (CSV)`}
      help={
        <p>
          <Trans>
            One child a row: the <span className="font-medium">child</span>'s name as the school has it, the{" "}
            <span className="font-medium">route</span> and its <span className="font-medium">stop</span> by name, the{" "}
            <span className="font-medium">weekdays</span> they ride (Mon Tue Wed Thu Fri), and the first and last day as
            YYYY-MM-DD (<span className="font-medium">from</span> empty: today; <span className="font-medium">to</span>{" "}
            empty or left out: no end). A row replaces the child's assignment in that route's direction; the bus's seats
            bound each day.
          </Trans>
        </p>
      }
      template={{ fileName: "riders-template.csv", header: RIDER_COLUMNS }}
      maxChars={IMPORT_LIMITS.maxChars}
      tooLarge={IMPORT_MESSAGES.tooLarge}
      columns={columns()}
      noun={(count) => plural(count, { one: "# rider", other: "# riders" })}
      {...csvImportMutations(
        preview,
        (csv) => ({ csv }),
        commit,
        (csv) => ({ csv }),
      )}
    />
  );
}
