/** Being built (issue 12). */
export default function ReportsRoutes() {
  return null;
}
