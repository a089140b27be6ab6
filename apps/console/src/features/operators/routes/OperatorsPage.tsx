/** Being built (issue 12). */
export default function OperatorsPage() {
  return null;
}
