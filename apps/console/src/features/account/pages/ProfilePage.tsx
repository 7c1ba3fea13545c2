import { Flex } from 'antd';
import { AccountCard } from '../components/AccountCard';
import { PreferencesCard } from '../components/PreferencesCard';
import { UserCenterGate } from '../components/UserCenterGate';

/** /profile/info: the user's own account and preferences. */
export function ProfilePage() {
  return (
    <UserCenterGate>
      {(info) => (
        <Flex vertical gap="middle" style={{ maxWidth: 960 }}>
          <AccountCard info={info} />
          <PreferencesCard info={info} />
        </Flex>
      )}
    </UserCenterGate>
  );
}
