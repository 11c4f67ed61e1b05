/**
 * The whole route table as the browser ends up with it (router.tsx's public routes and every role
 * area's, which the browser discovers on its first navigation into each area): for the tests that
 * walk every route.
 */
import type { RouteObject } from "react-router";
import driver from "./areas/driver.tsx";
import parent from "./areas/parent.tsx";
import schoolAdmin from "./areas/school-admin.tsx";
import superAdmin from "./areas/super-admin.tsx";
import { routes } from "./router.tsx";

export const allRoutes: RouteObject[] = [...routes, superAdmin, schoolAdmin, driver, parent];
