import { UserOutlined } from '@ant-design/icons';
import { isRole, ROLE_NAME } from '@vitrine/contract';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RouteIcon } from '../../../app/layout/icons';
import { useShell } from '../../../app/layout/use-shell';
import { workspaceNameOf } from '../../../app/layout/user-names';
import { HOME_PATH } from '../../../app/routes';
import { usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import './HomePage.css';

type Destination = { to: string; title: string; icon: ReactNode };

/** The landing page: who is signed in, and a card for every page of the console they may open. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const shell = useShell();
  const canOpenProfile = usePermission('profile:info');
  if (!user) return null;

  const company = user.company_name;
  const workspace = workspaceNameOf(user);
  const destinations: Destination[] = [
    ...shell.menu
      .filter((entry) => entry.path !== HOME_PATH)
      .map((entry) => ({ to: entry.to, title: t(entry.title), icon: <RouteIcon name={entry.icon} /> })),
    ...(canOpenProfile ? [{ to: '/profile/info', title: t('route.profile'), icon: <UserOutlined /> }] : []),
  ];

  return (
    <div className="home">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('home.greeting', { name: user.nickname || user.username })}
        </Typography.Title>
        <Descriptions
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'role',
              label: t('home.role'),
              children: isRole(user.role_id) ? t(`contract:role.${ROLE_NAME[user.role_id]}`) : user.role_name,
            },
            { key: 'email', label: t('home.email'), children: user.email },
            ...(company ? [{ key: 'company', label: t('home.company'), children: company }] : []),
            ...(workspace ? [{ key: 'workspace', label: t('home.workspace'), children: workspace }] : []),
          ]}
        />
      </Card>
      {destinations.length > 0 ? (
        <section className="home__destinations" aria-labelledby="home-destinations">
          <Typography.Title level={4} id="home-destinations">
            {t('home.destinations')}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {destinations.map((destination) => (
              <Col key={destination.to} xs={12} sm={8} lg={6} xl={4}>
                <Link to={destination.to} className="home__card-link">
                  <Card hoverable className="home__card">
                    <span className="home__card-icon">{destination.icon}</span>
                    <span className="home__card-title">{destination.title}</span>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ) : null}
    </div>
  );
}
