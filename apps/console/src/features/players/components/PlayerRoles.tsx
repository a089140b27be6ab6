import type { HTMLAttributes } from 'react';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerRole } from '@shop/contract/console/players';
import { roleColumns } from './role-columns';

interface Props {
  roles: PlayerRole[];
  /** The role whose vouchers are shown under the table. */
  current: PlayerRole | undefined;
  onSelect: (gameAccountId: number) => void;
}

/** A player's game roles with their voucher balances; a click picks the role whose ledger is shown. */
export function PlayerRoles({ roles, current, onSelect }: Props) {
  const { t } = useTranslation('players');
  const columns = [
    ...roleColumns<PlayerRole>(t),
    { title: t('role.level'), dataIndex: 'userLevel', key: 'level', width: 70 },
    {
      title: t('role.relation'),
      key: 'relation',
      render: (_: unknown, row: PlayerRole) => (
        <Space size={4}>
          <Tag color={row.relation === 'owner' ? 'blue' : 'default'}>{t(`role.${row.relation}`)}</Tag>
          {row.isDefault && <Tag color="gold">{t('role.default')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('role.balance'),
      key: 'balance',
      align: 'right' as const,
      render: (_: unknown, row: PlayerRole) => <span data-testid={`voucher-balance-${row.gameAccountId}`}>{row.balance.toLocaleString()}</span>,
    },
    {
      title: '',
      key: 'open',
      render: (_: unknown, row: PlayerRole) => (
        <Link to={`/players/roles/${row.gameAccountId}`} onClick={(event) => event.stopPropagation()}>
          {t('role.open')}
        </Link>
      ),
    },
  ];
  return (
    <Card title={t('role.roles')} extra={roles.length > 1 && <Typography.Text type="secondary">{t('role.selectHint')}</Typography.Text>}>
      <Table<PlayerRole>
        rowKey="gameAccountId"
        size="small"
        dataSource={roles}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('role.noRoles') }}
        rowClassName={(row) => (row.gameAccountId === current?.gameAccountId ? 'ant-table-row-selected' : '')}
        onRow={(row) => ({ onClick: () => onSelect(row.gameAccountId), style: { cursor: 'pointer' }, 'data-testid': `role-row-${row.gameAccountId}` }) as HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
