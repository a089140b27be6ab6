/** Being built (issue 12). */
export default function OrdersRoutes() {
  return null;
}
