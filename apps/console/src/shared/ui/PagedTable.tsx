import { Table, type TableProps } from 'antd';
import { CursorPager, type CursorLinks, type CursorPagerProps } from './CursorPager';

interface Props<Row> extends Omit<TableProps<Row>, 'pagination'> {
  /** The page's cursors to the pages next to it (undefined while the first answer loads). */
  links: CursorLinks | undefined;
  pager: Omit<CursorPagerProps, 'links'>;
}

/**
 * One page of a keyset-paged list (ADR 0002) with first / previous / next and the page size under it: the server pages
 * by cursor, so the table never pages by itself.
 */
export function PagedTable<Row extends object>({ links, pager, ...table }: Props<Row>) {
  return (
    <>
      <Table<Row> {...table} pagination={false} />
      <CursorPager links={links} {...pager} />
    </>
  );
}
