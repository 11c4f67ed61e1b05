import { useAtWork } from "../routes/handles.ts";
import { DataAge } from "./DataAge.tsx";
import { InstallCard, IosInstallGuide } from "./InstallApp.tsx";

/**
 * A parent's or a driver's page's own notices: how old its data is, above the page, and Install when
 * the browser offers it (on iOS, how to), fixed at the foot of the window (ADR 0090); no offer over a
 * page the user is at work on.
 */
export default function AreaNotices() {
  const atWork = useAtWork();
  return (
    <>
      {atWork ? null : (
        <>
          <InstallCard />
          <IosInstallGuide />
        </>
      )}
      <DataAge />
    </>
  );
}
