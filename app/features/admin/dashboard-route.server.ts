/**
 * The dashboard's query string and form, under the name the form-schema
 * tests import. The dashboard itself: dashboard.server.ts and its tabs'
 * dashboard-<tab>.server.ts; what it reads: dashboard-view.server.ts.
 */
export {
  DASHBOARD_MESSAGES,
  dashboardActionForm,
  dashboardViewQuery,
  fromRow,
  type DashboardActionForm,
} from "./dashboard-view.server";
