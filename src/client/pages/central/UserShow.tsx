// A platform user's page: the generated details, and for the Owner "Sign out everywhere".
import { useParams } from 'react-router';
import { resourceByName } from '../../../../resources';
import { CENTRAL_ROLE } from '../../../shared/roles';
import { ShowPage } from '../../engine/ShowPage';
import { getSession } from '../../providers/session';
import { EndSessionsButton } from '../profile/EndSessionsButton';
import { ResetMfaButton } from '../mfa/ResetMfaButton';

const def = resourceByName('users');

export default function UserShow() {
  const { id } = useParams();
  const owner = getSession().user?.role === CENTRAL_ROLE.owner;
  return (
    <>
      <ShowPage def={def} />
      {owner && id && <EndSessionsButton path="users" userId={Number(id)} />}
      {owner && id && Number(id) !== getSession().user?.id && <ResetMfaButton path="users" userId={Number(id)} />}
    </>
  );
}
