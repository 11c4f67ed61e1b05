import { startableModule } from "../lib/startable-lazy.tsx";
import { startedFromKeptScreen } from "./kept-screen.ts";

const areaNotices = startableModule(() => import("./AreaNotices.tsx"));

/**
 * The app's own notices (Install, the iOS guide, the data's age), loaded after the shell (a few KB the first paint does not
 * need; the service worker precaches them, so they come at once on a return visit or offline). A
 * page that started from a kept screen (ADR 0089) starts them with the app shell's module, so they
 * are drawn in the same commit as the page: the page that replaces the kept screen has its age notice.
 */
export const AreaNotices = areaNotices.component((module) => module.default);
if (startedFromKeptScreen) areaNotices.start().catch(() => undefined); // A failed load is asked for again when it renders.
