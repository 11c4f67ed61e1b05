import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { IMPORT_LIMITS, IMPORT_MESSAGES, STOP_COLUMNS } from "#shared/route-imports.ts";
import { CsvImportDialog, type CsvPreviewRow } from "../../../components/csv-import/CsvImportDialog.tsx";
import { csvImportMutations } from "../../../components/csv-import/mutations.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import type { RouteDetail } from "../../../features/routes/hooks.ts";
import { useCommitStopImport, usePreviewStopImport } from "../../../features/routes/import-hooks.ts";

/** The preview's columns, their headers in the reader's language. */
const columns = (): readonly Column<CsvPreviewRow>[] => [
  { header: t`Name`, rowHeader: true, className: "min-w-32 text-ink wrap-anywhere", cell: (row) => row.values.name },
  { header: t`Latitude`, className: "whitespace-nowrap", cell: (row) => row.values.latitude },
  { header: t`Longitude`, className: "whitespace-nowrap", cell: (row) => row.values.longitude },
  { header: t`Time`, className: "whitespace-nowrap", cell: (row) => row.values.time },
];

/**
 * Import stops (CSV) on a route's page (ADR 0052): the rows are added after the route's stops, in
 * file order, all or none; the route's stops as read (`stopsVersion`) are what the import adds to.
 */
export default function StopImportDialog({
  open,
  onOpenChange,
  route,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  route: Pick<RouteDetail["route"], "id" | "name" | "stopsVersion">;
}) {
  const preview = usePreviewStopImport();
  const routeName = route.name;
  const areaKm = IMPORT_LIMITS.areaKm;
  const commit = useCommitStopImport(() => onOpenChange(false));
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Import stops`}
      fileLabel={t`Stops file (CSV)`}
      help={
        <p>
          <Trans>
            One stop a row, added after the stops of {routeName} in the file's order:{" "}
            <span className="font-medium">name</span>, <span className="font-medium">latitude</span> and{" "}
            <span className="font-medium">longitude</span> in decimal degrees (41.77125, -88.15694), and the{" "}
            <span className="font-medium">time</span> the bus is there as HH:MM, 24-hour, no earlier than the stop
            before. A stop more than {areaKm} km from the school's other stops is refused.
          </Trans>
        </p>
      }
      template={{ fileName: "stops-template.csv", header: STOP_COLUMNS }}
      maxChars={IMPORT_LIMITS.maxChars}
      tooLarge={IMPORT_MESSAGES.tooLarge}
      columns={columns()}
      noun={(count) => plural(count, { one: "# stop", other: "# stops" })}
      {...csvImportMutations(
        preview,
        (csv) => ({ routeId: route.id, csv }),
        commit,
        (csv) => ({ routeId: route.id, version: route.stopsVersion, csv }),
      )}
    />
  );
}
