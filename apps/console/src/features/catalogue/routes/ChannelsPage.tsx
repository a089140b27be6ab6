import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Checkbox, Image, Select, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import { ANY_REGION, DEVICES, type ChannelView, type Device } from '@shop/contract/console/catalogue';
import { Can } from '../../../shared/auth/Can';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { useChannels } from '../api/channels';
import { useGames } from '../api/games';
import { useUpdateChannel } from '../api/update-channel';
import { GameSelect } from '../components/GameSelect';
import { ChannelDialog } from '../components/ChannelDialog';
import { nextSortIn, regionsOf } from '../lib/channel-form';

/**
 * Payment channels per game and region ('*': the list of every region without its own): order, on/off, icon, and the
 * devices a channel is hidden on (besides the spec's rule: no Apple Pay on Android, no Google Pay on iOS).
 */
export default function ChannelsPage() {
  const { t } = useTranslation('catalogue');
  const showError = useShowError();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const games = useGames();
  const [picked, setPicked] = useState<number | undefined>();
  const appId = picked ?? games.data?.[0]?.appId;
  const [region, setRegion] = useState<string | undefined>();
  const all = useChannels(appId);
  const update = useUpdateChannel();
  const [dialog, setDialog] = useState<{ editing?: ChannelView | undefined; region: string; nextSort: number } | null>(null);
  const regions = regionsOf(all.data ?? [], ANY_REGION);
  const shown = (all.data ?? []).filter((channel) => region === undefined || channel.regionCode === region);
  const open = (editing?: ChannelView) => {
    const inRegion = editing?.regionCode ?? region ?? ANY_REGION;
    setDialog({ editing, region: inRegion, nextSort: nextSortIn(all.data ?? [], inRegion) });
  };

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

      <ChannelDialog appId={appId} dialog={dialog} onClose={() => setDialog(null)} />
    </Card>
  );
}
