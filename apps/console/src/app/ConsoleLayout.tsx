import { AuditOutlined, BarChartOutlined, GlobalOutlined, LogoutOutlined, ShopOutlined, ShoppingCartOutlined, TeamOutlined, UserOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Permission, consoleLogout } from '@shop/contract/console/access';
import { callRoute } from '../shared/api/client';
import { useMe } from '../shared/auth/use-me';
import { LanguageSwitch } from '../shared/ui/LanguageSwitch';

const AREAS = [
  { key: '/orders', icon: <ShoppingCartOutlined />, label: 'menu.orders', permission: Permission.ORDERS_READ },
  { key: '/players', icon: <UserOutlined />, label: 'menu.players', permission: Permission.PLAYERS_READ },
  { key: '/catalogue', icon: <ShopOutlined />, label: 'menu.catalogue', permission: Permission.CATALOGUE_READ },
  { key: '/pricing', icon: <GlobalOutlined />, label: 'menu.pricing', permission: Permission.CATALOGUE_READ },
  { key: '/reports', icon: <BarChartOutlined />, label: 'menu.reports', permission: Permission.REPORTS_READ },
  { key: '/operators', icon: <TeamOutlined />, label: 'menu.operators', permission: Permission.OPERATORS_MANAGE },
  { key: '/audit', icon: <AuditOutlined />, label: 'menu.audit', permission: Permission.AUDIT_READ },
  { key: '/account', icon: <SafetyOutlined />, label: 'menu.account', permission: null },
] as const;

export function ConsoleLayout() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationFn: () => callRoute(consoleLogout),
    onSettled: () => {
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });
  const areas = AREAS.filter((area) => area.permission === null || me?.permissions.includes(area.permission));
  const selected = areas.find((area) => location.pathname.startsWith(area.key))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={220}>
        <Typography.Title level={5} style={{ padding: '16px 24px', margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={areas.map((area) => ({ key: area.key, icon: area.icon, label: t(area.label), 'data-testid': `menu-${area.key.slice(1)}` }))}
          onClick={({ key }) => void navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 24px', display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}>
          <Space size="middle">
            <LanguageSwitch />
            <span data-testid="operator-name">{me?.name}</span>
            {me && <Tag color="geekblue">{t(`role.${me.role}`)}</Tag>}
            <Button icon={<LogoutOutlined />} onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout">
              {t('logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
