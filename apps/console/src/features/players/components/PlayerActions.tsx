import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { PlayerAccount } from '@shop/contract/console/players';
import { Can } from '../../../shared/auth/Can';
import { useShowError } from '../../../shared/ui/errors';
import { useBlockPlayer } from '../api/block-player';
import { useEndSessions } from '../api/end-sessions';
import { useUnblockPlayer } from '../api/unblock-player';

/** End sessions, block and unblock, each behind a confirmation; a role that may not use one does not see it. */
export function PlayerActions({ player }: { player: PlayerAccount }) {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const endSessions = useEndSessions();
  const unblock = useUnblockPlayer();
  const [blocking, setBlocking] = useState(false);

  return (
    <Space wrap>
      <Can permission={Permission.PLAYERS_END_SESSIONS}>
        <Popconfirm
          title={t('actions.endSessionsConfirm')}
          okText={tApp('common.confirm')}
          cancelText={tApp('common.cancel')}
          okButtonProps={{ 'data-testid': 'end-sessions-confirm', loading: endSessions.isPending }}
          onConfirm={() => endSessions.mutateAsync(player.id).then(() => void message.success(t('actions.endSessionsDone')), showError)}
        >
          <Button icon={<LogoutOutlined />} data-testid="end-sessions">
            {t('actions.endSessions')}
          </Button>
        </Popconfirm>
      </Can>
      <Can permission={Permission.PLAYERS_BLOCK}>
        {player.blockedAt ? (
          <Popconfirm
            title={t('actions.unblockConfirm')}
            okText={tApp('common.confirm')}
            cancelText={tApp('common.cancel')}
            okButtonProps={{ 'data-testid': 'unblock-confirm', loading: unblock.isPending }}
            onConfirm={() => unblock.mutateAsync({ id: player.id }).then(() => void message.success(t('actions.unblockDone')), showError)}
          >
            <Button icon={<UnlockOutlined />} data-testid="unblock-player">
              {t('actions.unblock')}
            </Button>
          </Popconfirm>
        ) : (
          <Button danger icon={<LockOutlined />} onClick={() => setBlocking(true)} data-testid="block-player">
            {t('actions.block')}
          </Button>
        )}
        <BlockDialog playerId={player.id} open={blocking} onClose={() => setBlocking(false)} />
      </Can>
    </Space>
  );
}

/** The block's confirmation: a reason is required (it goes to the audit log and the player's page). */
function BlockDialog({ playerId, open, onClose }: { playerId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('players');
  const { message } = App.useApp();
  const showError = useShowError();
  const block = useBlockPlayer();
  const { control, handleSubmit, reset, formState } = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const submit = handleSubmit((form) =>
    block.mutate(
      { id: playerId, reason: form.reason.trim() },
      {
        onSuccess: () => {
          void message.success(t('actions.blockDone'));
          reset();
          onClose();
        },
        onError: showError,
      },
    ),
  );
  return (
    <Modal
      open={open}
      title={t('actions.blockTitle', { id: playerId })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={block.isPending}
      okText={t('actions.blockSubmit')}
      okButtonProps={{ danger: true, 'data-testid': 'block-submit' }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('actions.blockWarning')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t('actions.blockReason')} validateStatus={formState.errors.reason ? 'error' : ''} help={formState.errors.reason && t('adjust.reasonRule')}>
          <Controller
            name="reason"
            control={control}
            rules={{ validate: (value) => value.trim().length >= 3 && value.trim().length <= 500 }}
            render={({ field }) => <Input.TextArea {...field} rows={3} maxLength={500} showCount placeholder={t('actions.blockReasonPlaceholder')} data-testid="block-reason" />}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
