import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/ui/format';
import { usePlayer } from '../api/player';
import { PlayerActions } from '../components/PlayerActions';
import { PlayerOrders } from '../components/PlayerOrders';
import { PlayerRoles } from '../components/PlayerRoles';
import { RoleVouchers } from '../components/RoleVouchers';

/** One player: account, roles with balances, the selected role's voucher ledger, orders, and the operators' actions. */
export default function PlayerPage() {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const player = usePlayer(valid ? id : 0);
  const [selected, setSelected] = useState<number | null>(null);

  if (!valid || (player.error instanceof ApiError && player.error.code === 404)) {
    return <Result status="404" title={t('player.notFound')} extra={<Button onClick={() => void navigate('/players')}>{tApp('common.back')}</Button>} />;
  }
  if (player.isError) return <Alert type="error" showIcon title={player.error.message} />;
  if (!player.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const { player: account, roles } = player.data;
  const current = roles.find((role) => role.gameAccountId === selected) ?? roles.find((role) => role.isDefault) ?? roles[0];

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

      <PlayerRoles roles={roles} current={current} onSelect={setSelected} />

      {current && <RoleVouchers key={current.gameAccountId} role={current} playerId={account.id} />}

      <PlayerOrders playerId={account.id} />
    </Space>
  );
}
