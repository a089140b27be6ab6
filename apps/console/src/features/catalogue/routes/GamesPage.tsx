import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { GameServerView, GameView } from '@shop/contract/console/catalogue';
import { Can } from '../../../shared/auth/Can';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { useCreateGame } from '../api/create-game';
import { useCreateServer } from '../api/create-server';
import { useGames } from '../api/games';
import { useRenameGame } from '../api/rename-game';
import { useServers } from '../api/servers';
import { useUpdateServer } from '../api/update-server';
import { ImageField } from '../components/ImageField';

interface GameForm {
  appId: number | null;
  name: string;
  /** The game's art in the shop: an uploaded /media/... URL, a site path or an https URL; '' for none. */
  banner: string;
  icon: string;
}
interface ServerForm {
  serverId: string;
  serverName: string;
  sort: number;
}

/** Games (create, rename) and the selected game's servers (create, rename, order, open or closed for binding). */
export default function GamesPage() {
  const { t } = useTranslation('catalogue');
  const { t: tApp } = useTranslation();
  const showError = useShowError();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const games = useGames();
  const [selected, setSelected] = useState<number | undefined>();
  const appId = selected ?? games.data?.[0]?.appId;
  const servers = useServers(appId);
  const createGame = useCreateGame();
  const renameGame = useRenameGame();
  const createServer = useCreateServer();
  const updateServer = useUpdateServer();
  const [gameDialog, setGameDialog] = useState<{ editing?: GameView } | null>(null);
  const [serverDialog, setServerDialog] = useState<{ editing?: GameServerView } | null>(null);
  const gameForm = useForm<GameForm>({ defaultValues: { appId: null, name: '', banner: '', icon: '' } });
  const serverForm = useForm<ServerForm>({ defaultValues: { serverId: '', serverName: '', sort: 0 } });

  const openGame = (editing?: GameView) => {
    gameForm.reset({ appId: editing?.appId ?? null, name: editing?.name ?? '', banner: editing?.banner ?? '', icon: editing?.icon ?? '' });
    setGameDialog({ editing });
  };
  const saveGame = gameForm.handleSubmit((form) => {
    const done = { onSuccess: () => setGameDialog(null), onError: showError };
    const values = { name: form.name, banner: form.banner.trim() || null, icon: form.icon.trim() || null };
    if (gameDialog?.editing) renameGame.mutate({ appId: gameDialog.editing.appId, body: values }, done);
    else createGame.mutate({ appId: form.appId!, ...values }, { ...done, onSuccess: (game) => (setGameDialog(null), setSelected(game.appId)) });
  });
  const openServer = (editing?: GameServerView) => {
    const last = servers.data?.at(-1);
    serverForm.reset({ serverId: editing?.serverId ?? '', serverName: editing?.serverName ?? '', sort: editing?.sort ?? (last ? last.sort + 10 : 10) });
    setServerDialog({ editing });
  };
  const saveServer = serverForm.handleSubmit((form) => {
    if (appId === undefined) return;
    const done = { onSuccess: () => setServerDialog(null), onError: showError };
    if (serverDialog?.editing) updateServer.mutate({ appId, serverId: serverDialog.editing.serverId, body: { serverName: form.serverName, sort: form.sort } }, done);
    else createServer.mutate({ appId, body: { serverId: form.serverId.trim(), serverName: form.serverName, sort: form.sort } }, done);
  });

  const gameColumns = [
    { title: t('field.appId'), dataIndex: 'appId', key: 'appId', width: 100 },
    { title: t('field.name'), dataIndex: 'name', key: 'name' },
    { title: t('games.servers'), dataIndex: 'serverCount', key: 'servers', width: 90 },
    { title: t('games.products'), dataIndex: 'productCount', key: 'products', width: 90 },
    { title: t('games.channels'), dataIndex: 'channelCount', key: 'channels', width: 90 },
    {
      title: '',
      key: 'actions',
      width: 60,
      render: (_: unknown, row: GameView) =>
        canWrite && (
          <Button size="small" icon={<EditOutlined />} onClick={(event) => (event.stopPropagation(), openGame(row))} data-testid={`game-rename-${row.appId}`} aria-label={t('games.rename')} />
        ),
    },
  ];
  const serverColumns = [
    { title: t('field.sort'), dataIndex: 'sort', key: 'sort', width: 80 },
    { title: t('field.serverId'), dataIndex: 'serverId', key: 'serverId', width: 120 },
    { title: t('field.name'), dataIndex: 'serverName', key: 'serverName' },
    {
      title: t('games.open'),
      key: 'enabled',
      width: 140,
      render: (_: unknown, row: GameServerView) => (
        <Space>
          <Switch
            size="small"
            checked={row.enabled}
            disabled={!canWrite}
            onChange={(enabled) => updateServer.mutate({ appId: row.appId, serverId: row.serverId, body: { enabled } }, { onError: showError })}
            data-testid={`server-switch-${row.serverId}`}
          />
          {!row.enabled && <Tag>{t('games.closed')}</Tag>}
        </Space>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 60,
      render: (_: unknown, row: GameServerView) => canWrite && <Button size="small" icon={<EditOutlined />} onClick={() => openServer(row)} aria-label={t('action.edit')} />,
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={11}>
        <Card
          title={t('games.title')}
          extra={
            <Can permission={Permission.CATALOGUE_WRITE}>
              <Button icon={<PlusOutlined />} onClick={() => openGame()} data-testid="game-new">
                {t('games.new')}
              </Button>
            </Can>
          }
        >
          <Table<GameView>
            rowKey="appId"
            size="small"
            loading={games.isLoading}
            dataSource={games.data ?? []}
            columns={gameColumns}
            pagination={false}
            rowClassName={(row) => (row.appId === appId ? 'ant-table-row-selected' : '')}
            onRow={(row) => ({ onClick: () => setSelected(row.appId), style: { cursor: 'pointer' }, 'data-testid': `game-row-${row.appId}` }) as HTMLAttributes<HTMLElement>}
          />
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card
          title={t('games.serversOf', { name: games.data?.find((game) => game.appId === appId)?.name ?? '' })}
          extra={
            <Can permission={Permission.CATALOGUE_WRITE}>
              <Button icon={<PlusOutlined />} onClick={() => openServer()} disabled={appId === undefined} data-testid="server-new">
                {t('games.newServer')}
              </Button>
            </Can>
          }
        >
          <p style={{ marginTop: 0 }}>{t('games.closedHint')}</p>
          <Table<GameServerView>
            rowKey="serverId"
            size="small"
            loading={servers.isLoading}
            dataSource={servers.data ?? []}
            columns={serverColumns}
            pagination={false}
            onRow={(row) => ({ 'data-testid': `server-row-${row.serverId}` }) as HTMLAttributes<HTMLElement>}
          />
        </Card>
      </Col>

      <Modal
        open={gameDialog !== null}
        title={gameDialog?.editing ? t('games.rename') : t('games.new')}
        width={640}
        onCancel={() => setGameDialog(null)}
        onOk={() => void saveGame()}
        okText={tApp('common.save')}
        confirmLoading={createGame.isPending || renameGame.isPending}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('field.appId')} required validateStatus={gameForm.formState.errors.appId ? 'error' : undefined}>
            <Controller
              control={gameForm.control}
              name="appId"
              rules={{ validate: (value) => (value !== null && value > 0) || t('games.appIdRequired') }}
              render={({ field }) => (
                <InputNumber<number> value={field.value} onChange={field.onChange} min={1} max={2_147_483_647} precision={0} disabled={Boolean(gameDialog?.editing)} style={{ width: 200 }} data-testid="game-app-id" />
              )}
            />
          </Form.Item>
          <Form.Item label={t('field.name')} required validateStatus={gameForm.formState.errors.name ? 'error' : undefined}>
            <Controller
              control={gameForm.control}
              name="name"
              rules={{ validate: (value) => value.trim() !== '' || t('games.nameRequired') }}
              render={({ field }) => <Input {...field} maxLength={100} data-testid="game-name" />}
            />
          </Form.Item>
          <Form.Item label={t('games.banner')} extra={t('games.bannerHint')}>
            <Controller control={gameForm.control} name="banner" render={({ field }) => <ImageField value={field.value} onChange={field.onChange} testId="game-banner" />} />
          </Form.Item>
          <Form.Item label={t('games.icon')} extra={t('games.iconHint')}>
            <Controller control={gameForm.control} name="icon" render={({ field }) => <ImageField value={field.value} onChange={field.onChange} testId="game-icon" />} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={serverDialog !== null}
        title={serverDialog?.editing ? t('games.editServer') : t('games.newServer')}
        onCancel={() => setServerDialog(null)}
        onOk={() => void saveServer()}
        okText={tApp('common.save')}
        confirmLoading={createServer.isPending || updateServer.isPending}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('field.serverId')} required validateStatus={serverForm.formState.errors.serverId ? 'error' : undefined} help={serverForm.formState.errors.serverId?.message}>
            <Controller
              control={serverForm.control}
              name="serverId"
              rules={{ pattern: { value: /^[A-Za-z0-9._-]+$/, message: t('product.snPattern') } }}
              render={({ field }) => <Input {...field} maxLength={64} disabled={Boolean(serverDialog?.editing)} data-testid="server-id" />}
            />
          </Form.Item>
          <Form.Item label={t('field.name')} required validateStatus={serverForm.formState.errors.serverName ? 'error' : undefined}>
            <Controller
              control={serverForm.control}
              name="serverName"
              rules={{ validate: (value) => value.trim() !== '' || t('games.nameRequired') }}
              render={({ field }) => <Input {...field} maxLength={100} data-testid="server-name" />}
            />
          </Form.Item>
          <Form.Item label={t('field.sort')}>
            <Controller
              control={serverForm.control}
              name="sort"
              render={({ field }) => <InputNumber<number> value={field.value} onChange={(value) => field.onChange(value ?? 0)} min={-1_000_000} max={1_000_000} precision={0} />}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
