import { importStopsApplyInput, importStopsPreviewInput } from "#shared/route-imports.ts";
import {
  createRouteInput,
  geocodeAddressInput,
  listNoServiceDaysInput,
  listRoutesInput,
  noServiceDayIdInput,
  noServiceDayInput,
  reorderStopsInput,
  routeIdInput,
  setCalendarInput,
  setStopsInput,
  transportSettingsInput,
  updateRouteInput,
} from "#shared/routes.ts";
import { geocodeAddress } from "#worker/services/routes/geocode.ts";
import { applyStopImport, previewStopImport } from "#worker/services/routes/imports.ts";
import {
  addNoServiceDay,
  createRoute,
  deleteRoute,
  getRoute,
  listNoServiceDays,
  listRoutes,
  removeNoServiceDay,
  reorderStops,
  setRouteCalendar,
  setStops,
  updateRoute,
} from "#worker/services/routes/routes.ts";
import { getTransportSettings, updateTransportSettings } from "#worker/services/routes/settings.ts";
import { suggestRouteOrder } from "#worker/services/routes/suggest.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/** schoolAdmin.routes.*: routes, their stops and service calendar, the school's no-service days (ADR 0046). */
export const routesRouter = router({
  /** A page of routes with bus, direction, stops, riders and seats used. */
  list: schoolAdminProcedure.input(listRoutesInput).query(({ ctx, input }) => listRoutes(ctx.scope, input)),
  /** One route with its stops in order and its riders. */
  get: schoolAdminProcedure.input(routeIdInput).query(({ ctx, input }) => getRoute(ctx.scope, input)),
  create: schoolAdminProcedure.input(createRouteInput).mutation(({ ctx, input }) => createRoute(ctx.scope, input)),
  update: schoolAdminProcedure.input(updateRouteInput).mutation(({ ctx, input }) => updateRoute(ctx.scope, input)),
  delete: schoolAdminProcedure.input(routeIdInput).mutation(({ ctx, input }) => deleteRoute(ctx.scope, input)),
  /** The weekdays the route runs. */
  setCalendar: schoolAdminProcedure
    .input(setCalendarInput)
    .mutation(({ ctx, input }) => setRouteCalendar(ctx.scope, input)),
  /** "Optimise stop order": a shorter order of the saved stops and the distance before and after; writes nothing. */
  suggestOrder: schoolAdminProcedure.input(routeIdInput).query(({ ctx, input }) => suggestRouteOrder(ctx.scope, input)),
  /**
   * "Find an address": places for the admin's text from the configured geocoder, near the school's
   * stops first; refused when GEOCODER_URL is unset (ADR 0054).
   */
  geocode: schoolAdminProcedure.input(geocodeAddressInput).query(({ ctx, input }) => geocodeAddress(ctx.scope, input)),
  stops: router({
    /** The whole ordered list: insert, remove, edit, move in one write. */
    set: schoolAdminProcedure.input(setStopsInput).mutation(({ ctx, input }) => setStops(ctx.scope, input)),
    reorder: schoolAdminProcedure.input(reorderStopsInput).mutation(({ ctx, input }) => reorderStops(ctx.scope, input)),
  }),
  /**
   * CSV import of a route's stops (ADR 0052): `preview` writes nothing (a mutation only because the
   * file is too large for a query's URL); `commit` adds all rows after the route's stops, or none.
   */
  importStops: router({
    preview: schoolAdminProcedure
      .input(importStopsPreviewInput)
      .mutation(({ ctx, input }) => previewStopImport(ctx.scope, input, ctx.locale)),
    commit: schoolAdminProcedure
      .input(importStopsApplyInput)
      .mutation(({ ctx, input }) => applyStopImport(ctx.scope, input, ctx.locale)),
  }),
  noServiceDays: router({
    list: schoolAdminProcedure
      .input(listNoServiceDaysInput)
      .query(({ ctx, input }) => listNoServiceDays(ctx.scope, input)),
    add: schoolAdminProcedure.input(noServiceDayInput).mutation(({ ctx, input }) => addNoServiceDay(ctx.scope, input)),
    remove: schoolAdminProcedure
      .input(noServiceDayIdInput)
      .mutation(({ ctx, input }) => removeNoServiceDay(ctx.scope, input)),
  }),
  /** The school's transport settings: the "not riding" cut-off. */
  settings: router({
    get: schoolAdminProcedure.query(({ ctx }) => getTransportSettings(ctx.scope)),
    update: schoolAdminProcedure
      .input(transportSettingsInput)
      .mutation(({ ctx, input }) => updateTransportSettings(ctx.scope, input)),
  }),
});
