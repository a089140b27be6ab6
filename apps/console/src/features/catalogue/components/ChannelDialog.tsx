import { useEffect } from 'react';
import { Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEVICES, type ChannelView, type Device } from '@shop/contract/console/catalogue';
import { useShowError } from '../../../shared/ui/errors';
import { useCreateChannel } from '../api/create-channel';
import { useUpdateChannel } from '../api/update-channel';
import { CHANNEL_PROVIDERS, THIRD_CHANNEL_ID, channelFormOf, type ChannelForm } from '../lib/channel-form';
import { ImageField } from './ImageField';

interface Props {
  appId: number | undefined;
  /** null: closed; without `editing`: a new channel in `region`, after the region's last (`nextSort`). */
  dialog: { editing?: ChannelView | undefined; region: string; nextSort: number } | null;
  onClose: () => void;
}

/** Creates a payment channel of a game and region, or edits one (its region, provider and ids stay once made). */
export function ChannelDialog({ appId, dialog, onClose }: Props) {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const showError = useShowError();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const form = useForm<ChannelForm>();
  const editing = dialog?.editing;
  const { reset } = form;
  useEffect(() => {
    if (dialog) reset(channelFormOf(dialog.editing, dialog.region, dialog.nextSort));
  }, [dialog, reset]);
  const save = form.handleSubmit((values) => {
    const done = { onSuccess: onClose, onError: showError };
    if (editing) {
      update.mutate({ id: editing.id, body: { payMethodName: values.payMethodName, payIcon: values.payIcon, sort: values.sort, hiddenOnDevices: values.hiddenOnDevices } }, done);
    } else if (appId !== undefined) {
      create.mutate({ appId, ...values, regionCode: values.regionCode.trim().toUpperCase() }, done);
    }
  });
  return (
    <Modal
      open={dialog !== null}
      title={editing ? t('channels.edit') : t('channels.new')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={tApp('common.save')}
      confirmLoading={create.isPending || update.isPending}
      width={640}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Space wrap>
          <Form.Item label={t('field.region')} required help={t('channels.regionHint')}>
            <Controller
              control={form.control}
              name="regionCode"
              rules={{ pattern: /^([A-Za-z]{2}|\*)$/ }}
              render={({ field }) => <Input {...field} maxLength={2} disabled={Boolean(editing)} style={{ width: 90 }} status={form.formState.errors.regionCode ? 'error' : undefined} data-testid="channel-region" />}
            />
          </Form.Item>
          <Form.Item label={t('field.provider')} required>
            <Controller
              control={form.control}
              name="thirdChannelName"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onChange={(provider) => (field.onChange(provider), form.setValue('thirdChannelId', THIRD_CHANNEL_ID[provider]))}
                  disabled={Boolean(editing)}
                  style={{ width: 140 }}
                  options={CHANNEL_PROVIDERS.map((provider) => ({ value: provider, label: provider }))}
                />
              )}
            />
          </Form.Item>
          <Form.Item label={t('field.thirdChannelId')} required>
            <Controller
              control={form.control}
              name="thirdChannelId"
              rules={{ pattern: /^[A-Za-z0-9._-]+$/ }}
              render={({ field }) => <Input {...field} maxLength={64} disabled={Boolean(editing)} style={{ width: 160 }} />}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item label={t('field.payMethod')} required>
            <Controller
              control={form.control}
              name="payMethodName"
              rules={{ validate: (value) => value.trim() !== '' }}
              render={({ field }) => <Input {...field} maxLength={100} style={{ width: 220 }} status={form.formState.errors.payMethodName ? 'error' : undefined} data-testid="channel-name" />}
            />
          </Form.Item>
          <Form.Item label={t('field.payMethodId')} required>
            <Controller
              control={form.control}
              name="payMethodId"
              rules={{ pattern: /^[A-Za-z0-9._-]+$/ }}
              render={({ field }) => (
                <Input {...field} maxLength={64} disabled={Boolean(editing)} style={{ width: 160 }} status={form.formState.errors.payMethodId ? 'error' : undefined} data-testid="channel-method-id" />
              )}
            />
          </Form.Item>
          <Form.Item label={t('field.sort')}>
            <Controller
              control={form.control}
              name="sort"
              render={({ field }) => <InputNumber<number> value={field.value} onChange={(value) => field.onChange(value ?? 0)} min={-1_000_000} max={1_000_000} precision={0} />}
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('field.icon')} required>
          <Controller
            control={form.control}
            name="payIcon"
            rules={{ validate: (value) => value.trim() !== '' }}
            render={({ field }) => <ImageField value={field.value} onChange={field.onChange} testId="channel-icon" size={48} />}
          />
        </Form.Item>
        <Form.Item label={t('field.hiddenOn')} help={t('channels.devicesHint')}>
          <Controller
            control={form.control}
            name="hiddenOnDevices"
            render={({ field }) => (
              <Checkbox.Group value={field.value} onChange={(devices) => field.onChange(devices as Device[])} options={DEVICES.map((device) => ({ value: device, label: t(`device.${device}`) }))} />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
