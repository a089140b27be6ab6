/** Being built (issue 12). */
export default function PlayersRoutes() {
  return null;
}
