import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '@shop/contract/console/access';
import type { LedgerEntryView, RoleView } from '@shop/contract/console/players';
import { Can } from '../../../shared/auth/Can';
import { formatDateTime } from '../../../shared/ui/format';
import { useRoleLedger } from '../api/role-ledger';
import { AdjustVouchersDialog } from './AdjustVouchersDialog';
import { CursorPager } from '../../../shared/ui/CursorPager';

const KIND_COLORS: Record<LedgerEntryView['kind'], string> = {
  purchase: 'green',
  spend: 'blue',
  spend_reversal: 'cyan',
  refund: 'volcano',
  adjustment: 'purple',
};

const PAGE_SIZE = 20;

/** A role's voucher balance and ledger (newest first, paged), and the adjustment for the roles that may make one. */
export function RoleVouchers({ role, playerId }: { role: RoleView; playerId?: number }) {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const [cursor, setCursor] = useState<string | undefined>();
  const [adjusting, setAdjusting] = useState(false);
  const ledger = useRoleLedger(role.gameAccountId, cursor, PAGE_SIZE);

  const columns = [
    { title: t('ledger.when'), key: 'when', width: 170, render: (_: unknown, row: LedgerEntryView) => formatDateTime(row.createdAt) },
    { title: t('ledger.kind'), key: 'kind', width: 150, render: (_: unknown, row: LedgerEntryView) => <Tag color={KIND_COLORS[row.kind]}>{t(`ledger.kinds.${row.kind}`)}</Tag> },
    {
      title: t('ledger.amount'),
      key: 'amount',
      align: 'right' as const,
      width: 120,
      render: (_: unknown, row: LedgerEntryView) => (
        <Typography.Text type={row.amount < 0 ? 'danger' : 'success'}>{`${row.amount > 0 ? '+' : '−'}${Math.abs(row.amount).toLocaleString()}`}</Typography.Text>
      ),
    },
    { title: t('ledger.balanceAfter'), key: 'after', align: 'right' as const, width: 130, render: (_: unknown, row: LedgerEntryView) => row.balanceAfter.toLocaleString() },
    {
      title: t('ledger.detail'),
      key: 'detail',
      render: (_: unknown, row: LedgerEntryView) => (
        <Space orientation="vertical" size={0}>
          {row.orderId !== null && <Link to={`/orders/${row.orderId}`}>{t('ledger.order', { tail: row.orderSn ? row.orderSn.slice(12) : row.orderId })}</Link>}
          {row.itemName && <span>{row.itemName}</span>}
          {row.reason && <span>{row.reason}</span>}
          {row.operator && <Typography.Text type="secondary">{t('ledger.by', { operator: row.operator })}</Typography.Text>}
        </Space>
      ),
    },
  ];

  const balance = ledger.data?.balance ?? role.balance;
  return (
    <Card
      title={t('ledger.title', { name: role.roleName })}
      extra={
        <Space size="large">
          <Statistic title={t('ledger.balance')} value={balance} data-testid={`ledger-balance-${role.gameAccountId}`} styles={{ content: { fontSize: 20 } }} />
          <Can permission={Permission.PLAYERS_ADJUST_VOUCHERS}>
            <Button type="primary" onClick={() => setAdjusting(true)} data-testid="adjust-vouchers">
              {t('adjust.open')}
            </Button>
          </Can>
        </Space>
      }
      data-testid={`role-ledger-${role.gameAccountId}`}
    >
      <Table<LedgerEntryView>
        rowKey="id"
        size="small"
        loading={ledger.isFetching}
        dataSource={ledger.data?.entries ?? []}
        columns={columns}
        pagination={false}
        onRow={(row) => ({ 'data-testid': `ledger-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
      />
      <CursorPager
        links={ledger.data}
        onCursor={setCursor}
        totalText={ledger.data && (ledger.data.totalCapped ? tApp('pager.moreThan', { count: ledger.data.total }) : t('ledger.total', { count: ledger.data.total }))}
      />
      {adjusting && <AdjustVouchersDialog role={{ ...role, balance }} playerId={playerId} onClose={() => setAdjusting(false)} />}
    </Card>
  );
}
