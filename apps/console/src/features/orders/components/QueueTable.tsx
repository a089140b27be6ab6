import type { HTMLAttributes } from 'react';
import { Alert } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ORDER_PAGE_SIZES } from '@shop/contract/console/orders';
import type { useCursorPaging } from '../../../shared/hooks/use-cursor-paging';
import { tableWidth } from '../../../shared/lib/table-width';
import type { CursorLinks } from '../../../shared/ui/CursorPager';
import { PagedTable } from '../../../shared/ui/PagedTable';

/** A queue's first page size (the operator may pick another). */
export const QUEUE_PAGE_SIZE = 20;

interface Props<Row> {
  /** The queue's page as its query answers it. */
  list: { data?: (CursorLinks & { rows: Row[] }) | undefined; isFetching: boolean; error: Error | null };
  paging: ReturnType<typeof useCursorPaging>;
  columns: ColumnsType<Row>;
  rowKey: (row: Row) => string | number;
  rowTestId: (row: Row) => string;
  emptyText: string;
}

/**
 * One work queue's table, paged by cursor. Every column has a width and the table scrolls sideways at their sum, with
 * the actions column fixed on the right: at 1366 px no column is squeezed and the buttons stay in view.
 */
export function QueueTable<Row extends object>({ list, paging, columns, rowKey, rowTestId, emptyText }: Props<Row>) {
  return (
    <>
      {list.error && <Alert type="error" showIcon title={list.error.message} />}
      <PagedTable<Row>
        locale={{ emptyText }}
        rowKey={rowKey}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        onRow={(row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: tableWidth(columns) }}
        columns={columns}
        links={list.data}
        pager={{ onCursor: paging.onCursor, pageSize: paging.pageSize, pageSizes: ORDER_PAGE_SIZES, onPageSize: paging.onPageSize }}
      />
    </>
  );
}
