import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, type OperatorRole, type OperatorView } from '@shop/contract/console/access';
import { RequirePermission } from '../../../shared/auth/RequirePermission';
import { useMe } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { formatDateTime } from '../../../shared/ui/format';
import { InviteDialog } from '../components/InviteDialog';
import { useOperators } from '../api/operators';
import { useResetOperator } from '../api/reset-operator';
import { useUpdateOperator } from '../api/update-operator';

const STATE_COLORS = { active: 'green', invited: 'gold', disabled: 'default' } as const;

/** Admins: the operator accounts, invitations and their one-time links, roles, disabling, resets. */
export default function OperatorsPage() {
  const { t } = useTranslation('operators');
  return (
    <RequirePermission permission={Permission.OPERATORS_MANAGE} title={t('title')}>
      <Operators />
    </RequirePermission>
  );
}

function Operators() {
  const { t } = useTranslation('operators');
  const { t: tApp } = useTranslation();
  const { data: me } = useMe();
  const operators = useOperators();
  const update = useUpdateOperator();
  const reset = useResetOperator();
  const showError = useShowError();
  const { modal, message } = App.useApp();
  const [inviting, setInviting] = useState(false);
  // a role change ends the operator's sessions: it is confirmed like disabling
  const confirmRole = (row: OperatorView, role: OperatorRole) =>
    modal.confirm({
      title: t('roleConfirm', { name: row.name, role: tApp(`role.${role}`) }),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => update.mutateAsync({ id: row.id, role }).then(() => void message.success(t('roleChanged')), showError),
    });
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);

  const columns = [
    { title: t('name'), dataIndex: 'name', key: 'name' },
    { title: t('email'), dataIndex: 'email', key: 'email' },
    {
      title: t('role'),
      key: 'role',
      render: (_: unknown, row: OperatorView) => (
        <Select<OperatorRole>
          size="small"
          value={row.role}
          disabled={row.id === me?.id}
          style={{ width: 120 }}
          onChange={(role) => confirmRole(row, role)}
          data-testid={`operator-role-${row.id}`}
          options={(['admin', 'finance', 'support'] as const).map((role) => ({ value: role, label: tApp(`role.${role}`) }))}
        />
      ),
    },
    { title: t('state'), key: 'state', render: (_: unknown, row: OperatorView) => <Tag color={STATE_COLORS[row.state]}>{t(`states.${row.state}`)}</Tag> },
    { title: t('lastLogin'), key: 'lastLogin', render: (_: unknown, row: OperatorView) => formatDateTime(row.lastLoginAt) },
    {
      title: tApp('common.actions'),
      key: 'actions',
      render: (_: unknown, row: OperatorView) =>
        row.id === me?.id ? null : (
          <Space>
            <Popconfirm
              title={row.state === 'disabled' ? t('enableConfirm') : t('disableConfirm')}
              onConfirm={() => update.mutate({ id: row.id, disabled: row.state !== 'disabled' }, { onError: showError })}
            >
              <Button size="small" danger={row.state !== 'disabled'} data-testid={`operator-toggle-${row.id}`}>
                {row.state === 'disabled' ? t('enable') : t('disable')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('resetConfirm')}
              onConfirm={() =>
                reset.mutate(row.id, { onSuccess: (answer) => setLink({ url: answer.invitationUrl, expiresAt: answer.expiresAt }), onError: showError })
              }
            >
              <Button size="small">{t('reset')}</Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="operator-invite">
          {t('invite.open')}
        </Button>
      }
    >
      {link && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setLink(null)}
          style={{ marginBottom: 16 }}
          title={t('linkTitle', { expiresAt: formatDateTime(link.expiresAt) })}
          description={
            <Typography.Paragraph copyable code style={{ margin: 0 }} data-testid="invitation-link">
              {link.url}
            </Typography.Paragraph>
          }
        />
      )}
      <Table<OperatorView> rowKey="id" loading={operators.isPending} dataSource={operators.data ?? []} columns={columns} pagination={false} />
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(created) => {
          setInviting(false);
          setLink(created);
        }}
      />
    </Card>
  );
}
