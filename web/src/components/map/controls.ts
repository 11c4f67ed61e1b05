import { t } from "@lingui/core/macro";
import { control, type Map as LeafletMap } from "leaflet";

/**
 * The zoom buttons (titled in the reader's language) and the scale, at the map's start side: top
 * and bottom left, or right in a right-to-left page.
 */
export function addControls(map: LeafletMap): void {
  const rtl = getComputedStyle(map.getContainer()).direction === "rtl";
  control
    .zoom({ zoomInTitle: t`Zoom in`, zoomOutTitle: t`Zoom out`, position: rtl ? "topright" : "topleft" })
    .addTo(map);
  const scale = control.scale({ position: rtl ? "bottomright" : "bottomleft" }).addTo(map);
  // Its figures and units read left to right in any language ("3000 km").
  scale.getContainer()?.setAttribute("dir", "ltr");
}
