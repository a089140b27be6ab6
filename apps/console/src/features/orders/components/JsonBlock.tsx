/** A JSON value as indented text (payloads, audit before/after). */
export function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8, borderRadius: 4 }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
