import { useState } from 'react';

/** The cursor and page size of a list paged in the screen's own state (not in the address); a new size starts again at the first page. */
export function useCursorPaging(initialPageSize: number) {
  const [cursor, setCursor] = useState<string | undefined>();
  const [pageSize, setPageSize] = useState(initialPageSize);
  const onPageSize = (size: number) => {
    setCursor(undefined);
    setPageSize(size);
  };
  return { cursor, pageSize, onCursor: setCursor, onPageSize };
}
