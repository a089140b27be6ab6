import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a keyset-paged list answers about the pages next to the one shown (contract console/paging.ts). */
export interface CursorLinks {
  nextCursor: string | null;
  prevCursor: string | null;
}

export interface CursorPagerProps {
  links: CursorLinks | undefined;
  /** Shows the page of this cursor; undefined: the first page. */
  onCursor: (cursor: string | undefined) => void;
  /** The list's count as the screen words it ("23 orders", "more than 1,000"). */
  totalText?: string | undefined;
  pageSize?: number;
  pageSizes?: readonly number[];
  /** A new page size starts again at the first page. */
  onPageSize?: (pageSize: number) => void;
  testId?: string;
}

/**
 * First / previous / next under a keyset-paged table: the server pages by cursor, so there are no page numbers to jump
 * to (a deep page is reached by narrowing the filters); the count says "more than 1,000" past the server's cap.
 */
export function CursorPager({ links, onCursor, totalText, pageSize, pageSizes, onPageSize, testId }: CursorPagerProps) {
  const { t } = useTranslation();
  const prev = links?.prevCursor ?? null;
  const next = links?.nextCursor ?? null;
  return (
    <Space wrap style={{ justifyContent: 'flex-end', width: '100%', marginTop: 16 }} data-testid={testId}>
      {totalText ? <Typography.Text type="secondary">{totalText}</Typography.Text> : null}
      <Button disabled={!prev} onClick={() => onCursor(undefined)} data-testid={testId && `${testId}-first`}>
        {t('pager.first')}
      </Button>
      <Button disabled={!prev} onClick={() => prev && onCursor(prev)} data-testid={testId && `${testId}-prev`}>
        {t('pager.previous')}
      </Button>
      <Button disabled={!next} onClick={() => next && onCursor(next)} data-testid={testId && `${testId}-next`}>
        {t('pager.next')}
      </Button>
      {pageSize && pageSizes && onPageSize ? (
        <Select
          aria-label={t('pager.pageSize')}
          value={pageSize}
          onChange={onPageSize}
          options={pageSizes.map((size) => ({ value: size, label: t('pager.perPage', { count: size }) }))}
          style={{ width: 120 }}
        />
      ) : null}
    </Space>
  );
}
