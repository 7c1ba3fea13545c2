import { UserOutlined } from '@ant-design/icons';
import { isRole, ROLE_NAME } from '@vitrine/contract';
import { Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RouteIcon } from '../../../app/layout/icons';
import { useShell } from '../../../app/layout/use-shell';
import { workspaceNameOf } from '../../../app/layout/user-names';
import { HOME_PATH, PROFILE_PATH } from '../../../lib/paths';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { LedgerHealthAlert } from '../../license/ui';
import { Figures } from '../components/Figures';
import './DashboardPage.css';

// The charts library comes with the charts, after the figures have shown.
const DashboardCharts = lazy(() =>
  import('../components/DashboardCharts').then((module) => ({ default: module.DashboardCharts })),
);

type Destination = { to: string; title: string; icon: ReactNode };

/** The landing page: who is signed in, the dashboard's figures and charts (spec 000 §7), and a
 * link to every page of the console they may open. */
export function DashboardPage() {
  const { t } = useTranslation(['home', 'common', 'contract']);
  const { user } = useSession();
  const shell = useShell();
  const canSeeLedger = usePermission('license:commercial:list');
  if (!user) return null;

  const company = user.company_name;
  const workspace = workspaceNameOf(user);
  const destinations: Destination[] = [
    ...shell.menu
      .filter((entry) => entry.path !== HOME_PATH)
      .map((entry) => ({
        to: entry.to,
        title: t(`common:${entry.title}`),
        icon: <RouteIcon name={entry.icon} />,
      })),
    ...(shell.opens(PROFILE_PATH)
      ? [{ to: PROFILE_PATH, title: t('common:route.profile'), icon: <UserOutlined /> }]
      : []),
  ];

  return (
    <div className="home">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('greeting', { name: user.nickname || user.username })}
        </Typography.Title>
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'role',
              label: t('role'),
              children: isRole(user.role_id) ? t(`contract:role.${ROLE_NAME[user.role_id]}`) : user.role_name,
            },
            { key: 'email', label: t('email'), children: user.email },
            ...(company ? [{ key: 'company', label: t('company'), children: company }] : []),
            ...(workspace ? [{ key: 'workspace', label: t('workspace'), children: workspace }] : []),
          ]}
        />
      </Card>
      <section className="home__dashboard" aria-labelledby="home-overview">
        <Typography.Title level={4} id="home-overview">
          {t('overview')}
        </Typography.Title>
        {/* The platform's own licence state, for those who run the platform's licences. */}
        {canSeeLedger ? <LedgerHealthAlert /> : null}
        <Figures />
        <Suspense fallback={<Skeleton active aria-label={t('chartsLoading')} />}>
          <DashboardCharts />
        </Suspense>
      </section>
      {destinations.length > 0 ? (
        <section className="home__destinations" aria-labelledby="home-destinations">
          <Typography.Title level={4} id="home-destinations">
            {t('destinations')}
          </Typography.Title>
          <Flex wrap gap="small">
            {destinations.map((destination) => (
              <Link key={destination.to} to={destination.to} className="home__link">
                <span className="home__link-icon">{destination.icon}</span>
                <span>{destination.title}</span>
              </Link>
            ))}
          </Flex>
        </section>
      ) : null}
    </div>
  );
}
