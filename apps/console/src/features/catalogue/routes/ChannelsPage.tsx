import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Checkbox, Form, Image, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import { ANY_REGION, DEVICES, type ChannelView, type Device } from '@shop/contract/console/catalogue';
import { Can } from '../../../shared/auth/Can';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { useChannels } from '../api/channels';
import { useCreateChannel } from '../api/create-channel';
import { useGames } from '../api/games';
import { useUpdateChannel } from '../api/update-channel';
import { GameSelect } from '../components/GameSelect';
import { ImageField } from '../components/ImageField';

const PROVIDERS = ['xsolla', 'paypal', 'payermax'] as const;
const THIRD_CHANNEL_ID: Record<(typeof PROVIDERS)[number], string> = { xsolla: 'xsolla-main', paypal: 'paypal-main', payermax: 'payermax-main' };

interface ChannelForm {
  regionCode: string;
  payMethodName: string;
  payMethodId: string;
  thirdChannelName: (typeof PROVIDERS)[number];
  thirdChannelId: string;
  payIcon: string;
  sort: number;
  hiddenOnDevices: Device[];
}

/**
 * Payment channels per game and region ('*': the list of every region without its own): order, on/off, icon, and the
 * devices a channel is hidden on (besides the spec's rule: no Apple Pay on Android, no Google Pay on iOS).
 */
export default function ChannelsPage() {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const showError = useShowError();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const games = useGames();
  const [picked, setPicked] = useState<number | undefined>();
  const appId = picked ?? games.data?.[0]?.appId;
  const [region, setRegion] = useState<string | undefined>();
  const all = useChannels(appId);
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const [dialog, setDialog] = useState<{ editing?: ChannelView } | null>(null);
  const form = useForm<ChannelForm>();

  const regions = [...new Set((all.data ?? []).map((channel) => channel.regionCode))].sort((a, b) => (a === ANY_REGION ? -1 : b === ANY_REGION ? 1 : a.localeCompare(b)));
  const shown = (all.data ?? []).filter((channel) => region === undefined || channel.regionCode === region);

  const open = (editing?: ChannelView) => {
    const sameRegion = (all.data ?? []).filter((channel) => channel.regionCode === (editing?.regionCode ?? region ?? ANY_REGION));
    form.reset({
      regionCode: editing?.regionCode ?? region ?? ANY_REGION,
      payMethodName: editing?.payMethodName ?? '',
      payMethodId: editing?.payMethodId ?? '',
      thirdChannelName: editing?.thirdChannelName ?? 'xsolla',
      thirdChannelId: editing?.thirdChannelId ?? THIRD_CHANNEL_ID.xsolla,
      payIcon: editing?.payIcon ?? '',
      sort: editing?.sort ?? (sameRegion.at(-1)?.sort ?? 0) + 10,
      hiddenOnDevices: editing?.hiddenOnDevices ?? [],
    });
    setDialog({ editing });
  };
  const save = form.handleSubmit((values) => {
    const done = { onSuccess: () => setDialog(null), onError: showError };
    if (dialog?.editing) {
      update.mutate(
        { id: dialog.editing.id, body: { payMethodName: values.payMethodName, payIcon: values.payIcon, sort: values.sort, hiddenOnDevices: values.hiddenOnDevices } },
        done,
      );
    } else if (appId !== undefined) {
      create.mutate({ appId, ...values, regionCode: values.regionCode.trim().toUpperCase() }, done);
    }
  });

  const columns = [
    { title: t('field.region'), dataIndex: 'regionCode', key: 'region', width: 90, render: (code: string) => (code === ANY_REGION ? <Tag>{t('channels.anyRegion')}</Tag> : code) },
    { title: t('field.sort'), dataIndex: 'sort', key: 'sort', width: 70 },
    { title: '', key: 'icon', width: 50, render: (_: unknown, row: ChannelView) => <Image src={row.payIcon} width={32} height={32} preview={false} style={{ objectFit: 'contain' }} /> },
    { title: t('field.payMethod'), dataIndex: 'payMethodName', key: 'name' },
    { title: t('field.payMethodId'), dataIndex: 'payMethodId', key: 'id' },
    { title: t('field.provider'), dataIndex: 'thirdChannelName', key: 'provider', render: (provider: string) => <Tag>{provider}</Tag> },
    {
      title: t('field.hiddenOn'),
      key: 'devices',
      render: (_: unknown, row: ChannelView) => (
        <Checkbox.Group
          value={row.hiddenOnDevices}
          disabled={!canWrite}
          onChange={(devices) => update.mutate({ id: row.id, body: { hiddenOnDevices: devices as Device[] } }, { onError: showError })}
          options={DEVICES.map((device) => ({ value: device, label: t(`device.${device}`) }))}
          data-testid={`channel-devices-${row.id}`}
        />
      ),
    },
    {
      title: t('field.enabled'),
      key: 'enabled',
      width: 90,
      render: (_: unknown, row: ChannelView) => (
        <Switch
          size="small"
          checked={row.enabled}
          disabled={!canWrite}
          onChange={(enabled) => update.mutate({ id: row.id, body: { enabled } }, { onError: showError })}
          data-testid={`channel-switch-${row.id}`}
        />
      ),
    },
    { title: '', key: 'actions', width: 60, render: (_: unknown, row: ChannelView) => canWrite && <Button size="small" icon={<EditOutlined />} onClick={() => open(row)} aria-label={t('action.edit')} /> },
  ];

  return (
    <Card
      title={t('channels.title')}
      extra={
        <Can permission={Permission.CATALOGUE_WRITE}>
          <Button icon={<PlusOutlined />} onClick={() => open()} disabled={appId === undefined} data-testid="channel-new">
            {t('channels.new')}
          </Button>
        </Can>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <GameSelect value={appId} onChange={(value) => (setPicked(value), setRegion(undefined))} testId="channels-game" />
        <Select<string>
          value={region}
          onChange={setRegion}
          allowClear
          showSearch
          placeholder={t('channels.allRegions')}
          style={{ width: 200 }}
          data-testid="channels-region"
          options={regions.map((code) => ({ value: code, label: code === ANY_REGION ? t('channels.anyRegion') : code }))}
        />
        <span>{t('channels.hint')}</span>
      </Space>
      <Table<ChannelView>
        rowKey="id"
        size="small"
        loading={all.isLoading}
        dataSource={shown}
        columns={columns}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        onRow={(row) => ({ 'data-testid': `channel-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
      />

      <Modal
        open={dialog !== null}
        title={dialog?.editing ? t('channels.edit') : t('channels.new')}
        onCancel={() => setDialog(null)}
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
                render={({ field }) => <Input {...field} maxLength={2} disabled={Boolean(dialog?.editing)} style={{ width: 90 }} status={form.formState.errors.regionCode ? 'error' : undefined} data-testid="channel-region" />}
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
                    disabled={Boolean(dialog?.editing)}
                    style={{ width: 140 }}
                    options={PROVIDERS.map((provider) => ({ value: provider, label: provider }))}
                  />
                )}
              />
            </Form.Item>
            <Form.Item label={t('field.thirdChannelId')} required>
              <Controller
                control={form.control}
                name="thirdChannelId"
                rules={{ pattern: /^[A-Za-z0-9._-]+$/ }}
                render={({ field }) => <Input {...field} maxLength={64} disabled={Boolean(dialog?.editing)} style={{ width: 160 }} />}
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
                  <Input {...field} maxLength={64} disabled={Boolean(dialog?.editing)} style={{ width: 160 }} status={form.formState.errors.payMethodId ? 'error' : undefined} data-testid="channel-method-id" />
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
    </Card>
  );
}
