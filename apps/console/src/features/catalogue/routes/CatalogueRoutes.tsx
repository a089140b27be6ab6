/** Being built (issue 12). */
export default function CatalogueRoutes() {
  return null;
}
