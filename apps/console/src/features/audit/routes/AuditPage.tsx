/** Being built (issue 12). */
export default function AuditPage() {
  return null;
}
