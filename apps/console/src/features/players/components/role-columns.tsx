import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

interface RoleFacts {
  gameName: string;
  serverName: string;
  accountId: string;
  roleId: string;
  roleName: string;
}

/**
 * The columns that name a game role, the same wherever roles are listed (a player's roles, unclaimed roles found by a
 * search): game, server, the game's account id, role id and name. Names end in an ellipsis rather than wrap.
 */
export function roleColumns<Row extends RoleFacts>(t: TFunction<'players'>): ColumnsType<Row> {
  return [
    { title: t('role.game'), dataIndex: 'gameName', key: 'game', ellipsis: true },
    { title: t('role.server'), dataIndex: 'serverName', key: 'server', ellipsis: true },
    { title: t('role.gameId'), dataIndex: 'accountId', key: 'accountId', ellipsis: true },
    { title: t('role.roleId'), dataIndex: 'roleId', key: 'roleId', ellipsis: true },
    { title: t('role.roleName'), dataIndex: 'roleName', key: 'roleName', ellipsis: true },
  ];
}
