import { Route, Routes } from 'react-router';
import PlayerPage from './PlayerPage';
import PlayerSearchPage from './PlayerSearchPage';
import RolePage from './RolePage';

/** /console/players: the lookup, a player's page (/players/:id) and a role's page (/players/roles/:gameAccountId). */
export default function PlayersRoutes() {
  return (
    <Routes>
      <Route index element={<PlayerSearchPage />} />
      <Route path="roles/:gameAccountId" element={<RolePage />} />
      <Route path=":id" element={<PlayerPage />} />
    </Routes>
  );
}
