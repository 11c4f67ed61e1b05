import { DataAge } from "./DataAge.tsx";
import { InstallCard, IosInstallGuide } from "./InstallApp.tsx";

/** Above a parent's or a driver's page: Install (or on iOS how to), and how old the data is. */
export default function AreaNotices() {
  return (
    <>
      <InstallCard />
      <IosInstallGuide />
      <DataAge />
    </>
  );
}
