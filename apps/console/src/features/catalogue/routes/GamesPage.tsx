import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Col, Row, Space, Switch, Table, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission } from '@shop/contract/console/access';
import type { GameServerView, GameView } from '@shop/contract/console/catalogue';
import { Can } from '../../../shared/auth/Can';
import { useCan } from '../../../shared/auth/use-me';
import { useShowError } from '../../../shared/ui/errors';
import { useGames } from '../api/games';
import { useServers } from '../api/servers';
import { useUpdateServer } from '../api/update-server';
import { GameDialog } from '../components/GameDialog';
import { ServerDialog } from '../components/ServerDialog';

/** Games (create, rename) and the selected game's servers (create, rename, order, open or closed for binding). */
export default function GamesPage() {
  const { t } = useTranslation('catalogue');
  const showError = useShowError();
  const canWrite = useCan(Permission.CATALOGUE_WRITE);
  const games = useGames();
  const [selected, setSelected] = useState<number | undefined>();
  const appId = selected ?? games.data?.[0]?.appId;
  const servers = useServers(appId);
  const updateServer = useUpdateServer();
  const [gameDialog, setGameDialog] = useState<{ editing?: GameView | undefined } | null>(null);
  const [serverDialog, setServerDialog] = useState<{ editing?: GameServerView | undefined; nextSort: number } | null>(null);
  const openGame = (editing?: GameView) => setGameDialog({ editing });
  // a new server goes after the last one
  const openServer = (editing?: GameServerView) => setServerDialog({ editing, nextSort: (servers.data?.at(-1)?.sort ?? 0) + 10 });

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

      <GameDialog dialog={gameDialog} onClose={() => setGameDialog(null)} onCreated={setSelected} />
      <ServerDialog appId={appId} dialog={serverDialog} onClose={() => setServerDialog(null)} />
    </Row>
  );
}
