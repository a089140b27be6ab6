import type { HTMLAttributes } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Table, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { RoleDetail } from '@shop/contract/console/players';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/ui/format';
import { usePlayerRole } from '../api/player-role';
import { RoleVouchers } from '../components/RoleVouchers';

type RolePlayer = RoleDetail['players'][number];

/** One game role: where it lives, its owner and binders, its voucher ledger (also for a role nobody owns or bound). */
export default function RolePage() {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const gameAccountId = Number(useParams().gameAccountId);
  const valid = Number.isSafeInteger(gameAccountId) && gameAccountId > 0;
  const detail = usePlayerRole(valid ? gameAccountId : 0);

  if (!valid || (detail.error instanceof ApiError && detail.error.code === 404)) {
    return <Result status="404" title={t('role.notFound')} extra={<Button onClick={() => void navigate('/players')}>{tApp('common.back')}</Button>} />;
  }
  if (detail.isError) return <Alert type="error" showIcon title={detail.error.message} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const { role, players } = detail.data;
  const columns = [
    { title: t('field.id'), key: 'id', render: (_: unknown, row: RolePlayer) => <Link to={`/players/${row.id}`}>{`#${row.id}`}</Link> },
    { title: t('field.email'), dataIndex: 'email', key: 'email', render: (email: string | null) => email ?? '—' },
    { title: t('field.mobile'), dataIndex: 'mobile', key: 'mobile', render: (mobile: string | null) => mobile ?? '—' },
    {
      title: t('role.relation'),
      key: 'relation',
      render: (_: unknown, row: RolePlayer) => (
        <Space size={4}>
          <Tag color={row.relation === 'owner' ? 'blue' : 'default'}>{t(`role.${row.relation}`)}</Tag>
          {row.isDefault && <Tag color="gold">{t('role.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('field.status'), key: 'status', render: (_: unknown, row: RolePlayer) => (row.blockedAt ? <Tag color="red">{t('status.blocked')}</Tag> : <Tag color="green">{t('status.active')}</Tag>) },
    { title: t('field.created'), key: 'created', render: (_: unknown, row: RolePlayer) => formatDateTime(row.createdAt) },
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="role-page">
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)} aria-label={tApp('common.back')} />
            {t('role.title', { name: role.roleName })}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('role.game')}>{role.gameName}</Descriptions.Item>
          <Descriptions.Item label={t('role.server')}>{role.serverName}</Descriptions.Item>
          <Descriptions.Item label={t('role.gameId')}>{role.accountId}</Descriptions.Item>
          <Descriptions.Item label={t('role.roleId')}>{role.roleId}</Descriptions.Item>
          <Descriptions.Item label={t('role.level')}>{role.userLevel}</Descriptions.Item>
          <Descriptions.Item label={t('role.ownerPlayer')}>
            {role.ownerUserId !== null ? <Link to={`/players/${role.ownerUserId}`}>{`#${role.ownerUserId}`}</Link> : t('role.noOwner')}
          </Descriptions.Item>
          <Descriptions.Item label={t('role.balance')}>
            <span data-testid={`voucher-balance-${role.gameAccountId}`}>{role.balance.toLocaleString()}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('role.players')}>
        <Table<RolePlayer>
          rowKey="id"
          size="small"
          dataSource={players}
          columns={columns}
          pagination={false}
          locale={{ emptyText: t('role.noPlayers') }}
          onRow={(row) => ({ onClick: () => void navigate(`/players/${row.id}`), style: { cursor: 'pointer' }, 'data-testid': `player-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        />
      </Card>
      <RoleVouchers role={role} />
    </Space>
  );
}
