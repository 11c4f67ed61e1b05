import { DataAge } from "./DataAge.tsx";
import { InstallCard, IosInstallGuide } from "./InstallApp.tsx";

/** Above a parent's or a driver's page: how old the data is. */
export default function AreaNotices() {
  return <DataAge />;
}

/**
 * After a parent's or a driver's page: Install when the browser offers it (on iOS, how to). Fixed at
 * the bottom (ADR 0090): the browser's offer comes when it will, often after the page has drawn, and
 * the card moves nothing on the page when it comes.
 */
export function InstallOffer() {
  return (
    <>
      <InstallCard />
      <IosInstallGuide />
    </>
  );
}
