import { useEffect, type HTMLAttributes } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PlayerLookupBy, type PlayerSearchHit, type PlayerSearchResult } from '@shop/contract/console/players';
import { formatDateTime } from '../../../shared/ui/format';
import { useSearchPlayers } from '../api/search-players';
import { roleColumns } from '../components/role-columns';

type UnclaimedRole = PlayerSearchResult['roles'][number];

interface SearchForm {
  q: string;
  by: PlayerLookupBy;
}

/** Looks players up by e-mail, phone, game ID or role; the search lives in the URL so Back returns to the results. */
export default function PlayerSearchPage() {
  const { t } = useTranslation('players');
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const parsedBy = PlayerLookupBy.safeParse(params.get('by') ?? 'auto');
  const by = parsedBy.success ? parsedBy.data : 'auto';
  const search = useSearchPlayers(q, by);
  const { control, handleSubmit, reset } = useForm<SearchForm>({ defaultValues: { q, by } });
  useEffect(() => reset({ q, by }), [q, by, reset]);

  const submit = handleSubmit((form) => {
    const text = form.q.trim();
    if (text) setParams({ q: text, by: form.by });
  });

  const statusTag = (blockedAt: string | null) => (blockedAt ? <Tag color="red">{t('status.blocked')}</Tag> : <Tag color="green">{t('status.active')}</Tag>);
  const playerColumns = [
    { title: t('field.id'), dataIndex: 'id', key: 'id', width: 90, render: (id: number) => `#${id}` },
    { title: t('field.email'), dataIndex: 'email', key: 'email', render: (email: string | null) => email ?? '—' },
    { title: t('field.mobile'), dataIndex: 'mobile', key: 'mobile', render: (mobile: string | null) => mobile ?? '—' },
    {
      title: t('field.roles'),
      key: 'roles',
      render: (_: unknown, row: PlayerSearchHit) =>
        row.roles.map((role) => (
          <Tag key={role.gameAccountId} color={role.relation === 'owner' ? 'blue' : 'default'}>
            {`${role.roleName} · ${role.serverName} · ${t(`role.${role.relation}`)}`}
          </Tag>
        )),
    },
    { title: t('field.matchedBy'), key: 'matchedBy', render: (_: unknown, row: PlayerSearchHit) => row.matchedBy.map((match) => <Tag key={match}>{t(`match.${match}`)}</Tag>) },
    { title: t('field.status'), key: 'status', width: 100, render: (_: unknown, row: PlayerSearchHit) => statusTag(row.blockedAt) },
    { title: t('field.created'), key: 'created', width: 170, render: (_: unknown, row: PlayerSearchHit) => formatDateTime(row.createdAt) },
  ];
  const unclaimedColumns = [
    ...roleColumns<UnclaimedRole>(t),
    { title: t('role.balance'), dataIndex: 'balance', key: 'balance', align: 'right' as const, render: (balance: number) => balance.toLocaleString() },
    { title: t('field.matchedBy'), key: 'matchedBy', render: (_: unknown, row: UnclaimedRole) => row.matchedBy.map((match) => <Tag key={match}>{t(`match.${match}`)}</Tag>) },
  ];

  const data = search.data;
  const nothing = data && data.players.length === 0 && data.roles.length === 0;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('title')}>
        <Form layout="inline" onFinish={() => void submit()} style={{ rowGap: 8 }}>
          <Form.Item>
            <Controller
              name="by"
              control={control}
              render={({ field }) => (
                <Select
                  {...field}
                  style={{ width: 170 }}
                  data-testid="player-search-by"
                  options={PlayerLookupBy.options.map((value) => ({ value, label: t(`search.by.${value}`) }))}
                />
              )}
            />
          </Form.Item>
          <Form.Item style={{ flex: 1, minWidth: 280 }}>
            <Controller
              name="q"
              control={control}
              render={({ field }) => <Input {...field} allowClear maxLength={254} placeholder={t('search.placeholder')} autoFocus data-testid="player-search-input" />}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={search.isFetching} data-testid="player-search-submit">
            {tApp('common.search')}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('search.hint')}
        </Typography.Paragraph>
      </Card>

      {search.isError && <Alert type="error" showIcon title={search.error.message} />}
      {data?.truncated && <Alert type="info" showIcon title={t('search.truncated')} />}
      {nothing && (
        <Card>
          <Empty description={t('search.nothing')} data-testid="player-search-empty" />
        </Card>
      )}
      {data && data.players.length > 0 && (
        <Card title={t('search.players')}>
          <Table<PlayerSearchHit>
            rowKey="id"
            size="small"
            dataSource={data.players}
            columns={playerColumns}
            pagination={false}
            onRow={(row) => ({ onClick: () => void navigate(`/players/${row.id}`), style: { cursor: 'pointer' }, 'data-testid': `player-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          />
        </Card>
      )}
      {data && data.roles.length > 0 && (
        <Card title={t('search.unclaimedRoles')}>
          <Table<UnclaimedRole>
            rowKey="gameAccountId"
            size="small"
            dataSource={data.roles}
            columns={unclaimedColumns}
            pagination={false}
            onRow={(row) =>
              ({ onClick: () => void navigate(`/players/roles/${row.gameAccountId}`), style: { cursor: 'pointer' }, 'data-testid': `role-row-${row.gameAccountId}` }) as HTMLAttributes<HTMLElement>
            }
          />
        </Card>
      )}
    </Space>
  );
}
