import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GameServerView } from '@shop/contract/console/catalogue';
import { useShowError } from '../../../shared/ui/errors';
import { useCreateServer } from '../api/create-server';
import { useUpdateServer } from '../api/update-server';

interface ServerForm {
  serverId: string;
  serverName: string;
  sort: number;
}

interface Props {
  appId: number | undefined;
  /** null: closed; without `editing`: a new server, placed after the last (`nextSort`). */
  dialog: { editing?: GameServerView | undefined; nextSort: number } | null;
  onClose: () => void;
}

/** Adds a server to a game (its id stays once made) or renames and reorders one. */
export function ServerDialog({ appId, dialog, onClose }: Props) {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const showError = useShowError();
  const createServer = useCreateServer();
  const updateServer = useUpdateServer();
  const form = useForm<ServerForm>({ defaultValues: { serverId: '', serverName: '', sort: 0 } });
  const editing = dialog?.editing;
  const { reset } = form;
  useEffect(() => {
    if (dialog) reset({ serverId: dialog.editing?.serverId ?? '', serverName: dialog.editing?.serverName ?? '', sort: dialog.editing?.sort ?? dialog.nextSort });
  }, [dialog, reset]);
  const save = form.handleSubmit((values) => {
    if (appId === undefined) return;
    const done = { onSuccess: onClose, onError: showError };
    if (editing) updateServer.mutate({ appId, serverId: editing.serverId, body: { serverName: values.serverName, sort: values.sort } }, done);
    else createServer.mutate({ appId, body: { serverId: values.serverId.trim(), serverName: values.serverName, sort: values.sort } }, done);
  });
  return (
    <Modal
      open={dialog !== null}
      title={editing ? t('games.editServer') : t('games.newServer')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={tApp('common.save')}
      confirmLoading={createServer.isPending || updateServer.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('field.serverId')} required validateStatus={form.formState.errors.serverId ? 'error' : undefined} help={form.formState.errors.serverId?.message}>
          <Controller
            control={form.control}
            name="serverId"
            rules={{ pattern: { value: /^[A-Za-z0-9._-]+$/, message: t('product.snPattern') } }}
            render={({ field }) => <Input {...field} maxLength={64} disabled={Boolean(editing)} data-testid="server-id" />}
          />
        </Form.Item>
        <Form.Item label={t('field.name')} required validateStatus={form.formState.errors.serverName ? 'error' : undefined}>
          <Controller
            control={form.control}
            name="serverName"
            rules={{ validate: (value) => value.trim() !== '' || t('games.nameRequired') }}
            render={({ field }) => <Input {...field} maxLength={100} data-testid="server-name" />}
          />
        </Form.Item>
        <Form.Item label={t('field.sort')}>
          <Controller
            control={form.control}
            name="sort"
            render={({ field }) => <InputNumber<number> value={field.value} onChange={(value) => field.onChange(value ?? 0)} min={-1_000_000} max={1_000_000} precision={0} />}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
