import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { PlayerOrder, PlayerRole } from '@shop/contract/console/players';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime, formatMoney } from '../../../shared/ui/format';
import { usePlayer } from '../api/player';
import { usePlayerOrders } from '../api/player-orders';
import { PlayerActions } from '../components/PlayerActions';
import { RoleVouchers } from '../components/RoleVouchers';
import { CursorPager } from '../../../shared/ui/CursorPager';

const ORDERS_PAGE_SIZE = 10;

/** One player: account, roles with balances, the selected role's voucher ledger, orders, and the operators' actions. */
export default function PlayerPage() {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const player = usePlayer(valid ? id : 0);
  const [selected, setSelected] = useState<number | null>(null);
  const [ordersCursor, setOrdersCursor] = useState<string | undefined>();
  const orders = usePlayerOrders(valid ? id : 0, ordersCursor, ORDERS_PAGE_SIZE);

  if (!valid || (player.error instanceof ApiError && player.error.code === 404)) {
    return <Result status="404" title={t('player.notFound')} extra={<Button onClick={() => void navigate('/players')}>{tApp('common.back')}</Button>} />;
  }
  if (player.isError) return <Alert type="error" showIcon title={player.error.message} />;
  if (!player.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const { player: account, roles } = player.data;
  const current = roles.find((role) => role.gameAccountId === selected) ?? roles.find((role) => role.isDefault) ?? roles[0];

  const roleColumns = [
    { title: t('role.game'), dataIndex: 'gameName', key: 'game' },
    { title: t('role.server'), dataIndex: 'serverName', key: 'server' },
    { title: t('role.gameId'), dataIndex: 'accountId', key: 'accountId' },
    { title: t('role.roleId'), dataIndex: 'roleId', key: 'roleId' },
    { title: t('role.roleName'), dataIndex: 'roleName', key: 'roleName' },
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

  const orderColumns = [
    {
      title: t('orders.orderSn'),
      key: 'orderSn',
      render: (_: unknown, row: PlayerOrder) => (
        <Link to={`/orders/${row.id}`} data-testid={`player-order-${row.id}`}>
          {row.orderSn}
        </Link>
      ),
    },
    { title: t('orders.created'), key: 'created', width: 170, render: (_: unknown, row: PlayerOrder) => formatDateTime(row.createdAt) },
    { title: t('orders.role'), dataIndex: 'roleName', key: 'role', render: (name: string | null) => name ?? '—' },
    { title: t('orders.source'), dataIndex: 'orderSource', key: 'source', render: (source: string) => t(`orders.sources.${source}`, { defaultValue: source }) },
    { title: t('orders.status'), key: 'status', render: (_: unknown, row: PlayerOrder) => <Tag>{t(`orders.statuses.${row.status}`, { defaultValue: String(row.status) })}</Tag> },
    {
      title: t('orders.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, row: PlayerOrder) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.payAmountMinor, row.currency)}</span>,
    },
    {
      title: t('orders.provider'),
      dataIndex: 'provider',
      key: 'provider',
      render: (provider: string | null) => (provider ? t(`orders.providers.${provider}`, { defaultValue: provider }) : '—'),
    },
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="player-page">
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)} aria-label={tApp('common.back')} />
            {t('player.title', { id: account.id })}
            {account.blockedAt ? (
              <Tag color="red" data-testid="player-status">
                {t('status.blocked')}
              </Tag>
            ) : (
              <Tag color="green" data-testid="player-status">
                {t('status.active')}
              </Tag>
            )}
          </Space>
        }
        extra={<PlayerActions player={account} />}
      >
        {account.blockedAt && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`${t('field.blockedAt')}: ${formatDateTime(account.blockedAt)}`} description={`${t('field.blockedReason')}: ${account.blockedReason ?? ''}`} data-testid="player-blocked" />}
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('field.email')}>{account.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.mobile')}>{account.mobile ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.country')}>{account.countryCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.created')}>{formatDateTime(account.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('field.updated')}>{formatDateTime(account.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('field.password')}>{account.hasPassword ? tApp('common.yes') : tApp('common.no')}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title={t('role.roles')} extra={roles.length > 1 && <Typography.Text type="secondary">{t('role.selectHint')}</Typography.Text>}>
        <Table<PlayerRole>
          rowKey="gameAccountId"
          size="small"
          dataSource={roles}
          columns={roleColumns}
          pagination={false}
          locale={{ emptyText: t('role.noRoles') }}
          rowClassName={(row) => (row.gameAccountId === current?.gameAccountId ? 'ant-table-row-selected' : '')}
          onRow={(row) => ({ onClick: () => setSelected(row.gameAccountId), style: { cursor: 'pointer' }, 'data-testid': `role-row-${row.gameAccountId}` }) as HTMLAttributes<HTMLElement>}
        />
      </Card>

      {current && <RoleVouchers key={current.gameAccountId} role={current} playerId={account.id} />}

      <Card title={t('orders.title')}>
        <Table<PlayerOrder>
          rowKey="id"
          size="small"
          loading={orders.isFetching}
          dataSource={orders.data?.orders ?? []}
          columns={orderColumns}
          pagination={false}
        />
        <CursorPager
          links={orders.data}
          onCursor={setOrdersCursor}
          totalText={orders.data && (orders.data.totalCapped ? tApp('pager.moreThan', { count: orders.data.total }) : t('orders.total', { count: orders.data.total }))}
        />
      </Card>
    </Space>
  );
}
